import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connect } from '../db/connect.ts';
import { syntheticList } from '../modules/sanctions-lists/__tests__/testing.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'comptoir-sanctions-import-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const fileOf = (name: string, bytes: Buffer) => {
  const path = join(dataDir, name);
  writeFileSync(path, bytes);
  return path;
};

const runImport = (...args: string[]) =>
  spawnSync(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'sanctions-import.ts'), ...args],
    {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
      encoding: 'utf8',
    },
  );

describe('npm run sanctions:import -- FILE', () => {
  it('loads a file as a version and prints its counts; the same file again changes nothing', () => {
    const first = runImport('--', fileOf('eu-list.xml', syntheticList('eu-list')));
    expect(first.stderr).toBe('');
    expect(first.stdout).toContain('version: 1\nentries: 30\nadded: 30 removed: 0 changed: 0\n');
    expect(first.status).toBe(0);

    const again = runImport(fileOf('copie.xml', syntheticList('eu-list')));
    expect(again.stdout).toMatch(/^unchanged: version 1 already in force/);
    expect(again.status).toBe(0);

    const amended = runImport(fileOf('amendement.xml', syntheticList('eu-list-amendment')));
    expect(amended.stdout).toContain('version: 2\nentries: 31\nadded: 2 removed: 1 changed: 1\n');
  }, 120_000);

  it('exits 1 with the French reason on a truncated file, and leaves the version in force', async () => {
    const cut = runImport(fileOf('coupe.xml', syntheticList('eu-list').subarray(0, 20_000)));
    expect(cut.status).toBe(1);
    expect(cut.stderr).toMatch(
      /^Erreur : Fichier XML incomplet ou mal formé \(ligne \d+\)\. La liste en vigueur reste inchangée\.\n$/,
    );
    expect(runImport().status).toBe(1);
    expect(runImport(join(dataDir, 'absent.xml')).stderr).toContain('Fichier illisible');

    const db = await connect({ dataDir });
    try {
      const { rows } = await db.query<{ version_number: number; source: string; loaded_by: string }>(
        'select version_number, source, loaded_by from sanctions_list_versions order by version_number',
      );
      expect(rows).toEqual([
        { version_number: 1, source: 'command', loaded_by: 'npm run sanctions:import (eu-list.xml)' },
        { version_number: 2, source: 'command', loaded_by: 'npm run sanctions:import (amendement.xml)' },
      ]);
    } finally {
      await db.close();
    }
  }, 120_000);
});
