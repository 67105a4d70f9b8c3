// The database's schema comes from two folders, applied in one transaction under one lock:
//
//  - migrations/NNNN_name.sql change tables (columns, constraints, indexes, data). Each runs once, in
//    order; a database records its name, not its text.
//  - functions/<name>.sql hold the one current text of each database function, one file per function
//    and named for it: `create or replace function …`, and for a trigger function its triggers too
//    (`create or replace trigger`), so they are made once the function exists. To change a function,
//    edit its file: never copy it into a new migration. After the migrations, every file whose sha-256
//    differs from the one recorded in database_functions, or that is new, runs again, in file-name
//    order, and is recorded; an unchanged file is skipped. When a function's arguments or result
//    change, its file starts with `drop function if exists <old signature>;` (a replace cannot change
//    them, and the old one would stay beside it). A function removed altogether is dropped by a
//    migration, and its file deleted.
//
// New migrations change tables only. The exception: a migration whose index or generated column
// calls a function defines that function where it needs it (0022), its file staying the current text.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db, Queryable } from './types.ts';

// Beside the code that reads them, in the source tree and in the compiled server
// (scripts/build-server.mjs copies both folders).
const HERE = dirname(fileURLToPath(import.meta.url));
const MIGRATIONS_DIR = join(HERE, 'migrations');
export const FUNCTIONS_DIR = join(HERE, 'functions');

/** Where the runner records what it applied: each database's own, never copied from another. */
export const MIGRATION_RECORDS: readonly string[] = ['schema_migrations', 'database_functions'];

/** What one run applied: the migrations, then the function files (re)applied. */
export interface Migrated {
  migrations: string[];
  functions: string[];
}

/**
 * Forward-only migrations: every `NNNN_name.sql` not yet recorded runs once, in order; then every
 * function file new or changed since it was last applied. All in one transaction, under an advisory
 * lock that keeps two instances starting together from racing. `functionsDir` is for tests.
 */
export async function migrate(db: Db, options: { functionsDir?: string } = {}): Promise<Migrated> {
  const files = migrationFiles();
  const migrated: Migrated = { migrations: [], functions: [] };
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
      migrated.migrations.push(file);
    }
    // A database a newer version migrated further keeps that version's functions: an older instance
    // still serving it (expand-then-contract) must not write its older texts back.
    const known = new Set(files);
    if ([...done].some((name) => !known.has(name))) return;
    migrated.functions = await applyFunctions(q, options.functionsDir ?? FUNCTIONS_DIR);
  });
  return migrated;
}

/** Runs each function file whose checksum is not the one recorded, and records it. */
async function applyFunctions(q: Queryable, dir: string): Promise<string[]> {
  const recorded = new Map(
    (
      await q.query<{ name: string; checksum: string }>('select name, checksum from database_functions')
    ).rows.map((r) => [r.name, r.checksum]),
  );
  const applied: string[] = [];
  const files = functionFiles(dir);
  for (const file of files) {
    const text = readFileSync(join(dir, file));
    const name = functionName(file);
    const checksum = createHash('sha256').update(text).digest('hex');
    if (recorded.get(name) === checksum) continue;
    for (const statement of splitStatements(text.toString('utf8'))) await q.query(statement);
    await q.query(
      `insert into database_functions (name, checksum, applied_at) values ($1, $2, now())
       on conflict (name) do update set checksum = excluded.checksum, applied_at = excluded.applied_at`,
      [name, checksum],
    );
    applied.push(file);
  }
  // A file deleted with its function: nothing left to compare against.
  await q.query('delete from database_functions where not (name = any($1::text[]))', [
    files.map(functionName),
  ]);
  return applied;
}

/** The migrations this version of the code knows, in order (what readiness expects applied). */
export function migrationFiles(): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort();
}

/** The function files of `dir`, `<function name>.sql`, in the order they are applied. */
export function functionFiles(dir: string = FUNCTIONS_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => /^[a-z_][a-z0-9_]*\.sql$/.test(f))
    .sort();
}

/** The function a file of db/functions defines: its name without `.sql`. */
export function functionName(file: string): string {
  return file.replace(/\.sql$/, '');
}

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
