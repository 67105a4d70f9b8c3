import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './types.ts';

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Forward-only migrations: every `NNNN_name.sql` not yet recorded runs once, in order, each in its
 * own transaction. An advisory lock keeps two instances starting together from racing.
 */
export async function migrate(db: Db): Promise<string[]> {
  const files = knownMigrations();
  const applied: string[] = [];
  await db.tx(async (q) => {
    await q.query('select pg_advisory_xact_lock(7402931)');
    await q.query(`create table if not exists schema_migrations (
      name text primary key, applied_at timestamptz not null default now())`);
    const done = new Set(
      (await q.query<{ name: string }>('select name from schema_migrations')).rows.map((r) => r.name),
    );
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = readFileSync(join(MIGRATIONS_DIR, file), 'utf8');
      for (const statement of splitStatements(sql)) await q.query(statement);
      await q.query('insert into schema_migrations (name) values ($1)', [file]);
      applied.push(file);
    }
  });
  return applied;
}

/** The migrations this version of the code knows, in order. */
export const knownMigrations = (): string[] =>
  readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort();

/** Splits a migration on `;` at line ends, keeping `$$ … $$` bodies (PL/pgSQL) whole. */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  let inDollar = false;
  for (const line of sql.split('\n')) {
    if (!inDollar && /^\s*--/.test(line)) continue;
    current += `${line}\n`;
    if ((line.match(/\$\$/g) ?? []).length % 2 === 1) inDollar = !inDollar;
    if (!inDollar && /;\s*$/.test(line)) {
      statements.push(current.trim());
      current = '';
    }
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}
