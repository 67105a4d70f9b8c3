import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OUTSIDE_THE_DATABASE, SEALED_VALUE_SETS } from './sealed-values.ts';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sourceFiles(join(dir, e.name))
      : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
        ? [join(dir, e.name)]
        : [],
  );
}

const registered = new Set([...SEALED_VALUE_SETS.flatMap((s) => s.purposes), ...OUTSIDE_THE_DATABASE]);

describe('the registry of sealed values (what a master-key rotation moves)', () => {
  it('covers every purpose key the code seals under and every keyed hash derived from the master key', () => {
    const found = new Map<string, string>();
    for (const file of sourceFiles(SRC)) {
      if (file.includes(`${join('src', 'testing')}`)) continue;
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/new Sealer\([^,()]+,\s*'([^']+)'\)/g))
        found.set(m[1]!, relative(SRC, file));
      for (const m of text.matchAll(/hkdfSync\([\s\S]{0,120}?'comptoir:([^']+)'/g))
        found.set(m[1]!, relative(SRC, file));
    }
    expect(found.size).toBeGreaterThanOrEqual(8);
    const missing = [...found].filter(([purpose]) => !registered.has(purpose));
    expect(missing, 'register these in key-rotation/sealed-values.ts').toEqual([]);
  });

  it('covers every sealed column the migrations create', () => {
    const dir = join(SRC, 'db', 'migrations');
    const columns = new Set<string>();
    for (const file of readdirSync(dir)) {
      const sql = readFileSync(join(dir, file), 'utf8');
      for (const m of sql.matchAll(/create table (\w+) \(([\s\S]*?)\n\);/g))
        for (const c of m[2]!.matchAll(/^\s*(\w+_sealed) text/gm)) columns.add(`${m[1]}.${c[1]}`);
      for (const m of sql.matchAll(/alter table (\w+) add column (\w+_sealed) text/g))
        columns.add(`${m[1]}.${m[2]}`);
    }
    const qualified = [...columns];
    expect(qualified.length).toBeGreaterThanOrEqual(7);
    const known = new Set(SEALED_VALUE_SETS.flatMap((s) => s.columns.map((c) => `${s.table}.${c}`)));
    expect(
      qualified.filter((c) => !known.has(c)),
      'register these in key-rotation/sealed-values.ts',
    ).toEqual([]);
  });

  it('covers every table holding a stored file key', () => {
    const dir = join(SRC, 'db', 'migrations');
    const tables: string[] = [];
    for (const file of readdirSync(dir))
      for (const m of readFileSync(join(dir, file), 'utf8').matchAll(/create table (\w+) \(([\s\S]*?)\n\);/g))
        if (/^\s*\w*storage_key text not null/m.test(m[2]!) && m[1] !== 'storage_deletions')
          tables.push(m[1]!);
    const known = new Set(
      SEALED_VALUE_SETS.filter((s) => s.purposes.includes('documents')).map((s) => s.table),
    );
    expect(tables.length).toBe(3);
    expect(tables.filter((t) => !known.has(t))).toEqual([]);
  });
});
