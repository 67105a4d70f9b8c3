import { createHash } from 'node:crypto';
import {
  appendFileSync,
  cpSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../testing/scratch-database.ts';
import {
  FUNCTIONS_DIR,
  functionFiles,
  functionName,
  migrate,
  migrationFiles,
  splitStatements,
} from './migrate.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import type { Db, Queryable } from './types.ts';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);

/** Functions a migration may still define: its own index or generated column calls them. */
const DEFINED_WHERE_AN_INDEX_NEEDS_THEM: Record<string, string[]> = {
  '0022_operations_search.sql': ['comptoir_fold', 'ledger_search_text'],
};

class RolledBack extends Error {}

/** Runs `fn` in a transaction that is always rolled back, and returns what it returned. */
async function inRolledBackTx<T>(db: Db, fn: (q: Queryable) => Promise<T>): Promise<T> {
  let result: T | undefined;
  await db
    .tx(async (q) => {
      result = await fn(q);
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return result as T;
}

/** The schema's functions by name, one row per function (an overload would show twice). */
async function schemaFunctions(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ name: string }>(
    `select p.proname as name from pg_proc p
      where p.pronamespace = current_schema()::regnamespace
        and not exists (select 1 from pg_depend d
                         where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
      order by 1`,
  );
  return rows.map((r) => r.name);
}

/** Everything a function file can make: each function's whole definition and rights, each trigger. */
async function functionsAndTriggers(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ line: string }>(
    `select pg_get_functiondef(p.oid) || ' acl ' || coalesce(p.proacl::text, 'default') as line
       from pg_proc p
      where p.pronamespace = current_schema()::regnamespace
        and not exists (select 1 from pg_depend d
                         where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
     union all
     select pg_get_triggerdef(t.oid) from pg_trigger t where not t.tgisinternal
     order by 1`,
  );
  return rows.map((r) => r.line);
}

async function recordedChecksums(q: Queryable): Promise<Map<string, string>> {
  const { rows } = await q.query<{ name: string; checksum: string }>(
    'select name, checksum from database_functions order by name',
  );
  return new Map(rows.map((r) => [r.name, r.checksum]));
}

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`database functions: one file each in db/functions (${engine})`, () => {
  let db: Db;
  let drop = async () => {};
  let freshSchema: string[];

  beforeAll(async () => {
    // A database of its own: these tests edit functions and re-apply them.
    const url = process.env.DATABASE_URL;
    if (url) {
      const scratch = await createScratchDatabase(url);
      db = await openPostgres(scratch.url, 2);
      drop = () => scratch.drop();
    } else {
      db = await openPglite(undefined);
    }
    const first = await migrate(db);
    expect(first.migrations).toEqual(migrationFiles());
    expect(first.functions).toEqual(functionFiles());
    freshSchema = await functionsAndTriggers(db);
  });
  afterAll(async () => {
    await db.close();
    await drop();
  });

  it('gives every function of a fresh database exactly one file, and every file one function', async () => {
    expect(await schemaFunctions(db)).toEqual(functionFiles().map(functionName));
  });

  it('holds in the database what each file says: running a file again changes nothing', async () => {
    for (const file of functionFiles()) {
      const text = readFileSync(join(FUNCTIONS_DIR, file), 'utf8');
      expect(text, file).toMatch(new RegExp(`^create or replace function ${functionName(file)}\\(`, 'm'));
      const [before, after] = await inRolledBackTx(db, async (q) => {
        const was = await functionsAndTriggers(q);
        for (const statement of splitStatements(text)) await q.query(statement);
        return [was, await functionsAndTriggers(q)];
      });
      expect(after, file).toEqual(before);
    }
  });

  it('guards the ledger and the audit log with the triggers made with their functions', async () => {
    const { rows } = await db.query<{ relation: string; name: string }>(
      `select tgrelid::regclass::text as relation, tgname as name
         from pg_trigger where not tgisinternal order by 1, 2`,
    );
    expect(rows.map((r) => `${r.relation}.${r.name}`)).toEqual(
      expect.arrayContaining([
        'audit_log.audit_log_no_truncate',
        'audit_log.audit_log_no_update',
        'ledger_entries.ledger_entries_no_delete',
        'ledger_entries.ledger_entries_no_rewrite',
        'ledger_entries.ledger_entries_posted_at',
        'ledger_entry_outcomes.ledger_entry_outcomes_no_change',
        'ledger_entry_outcomes.ledger_entry_outcomes_no_truncate',
        'ledger_postings.ledger_postings_no_delete',
        'ledger_postings.ledger_postings_no_rewrite',
      ]),
    );
  });

  it('records each file by the sha-256 of its text', async () => {
    const expected = new Map(functionFiles().map((f) => [functionName(f), sha256(join(FUNCTIONS_DIR, f))]));
    expect(await recordedChecksums(db)).toEqual(expected);
  });

  it('leaves function texts to the folder: a migration defines none, unless its own index needs it', () => {
    for (const file of migrationFiles()) {
      const sql = readFileSync(new URL(file, MIGRATIONS_DIR), 'utf8');
      const defined = [...sql.matchAll(/^\s*create\s+(?:or\s+replace\s+)?function\s+([\w.]+)\s*\(/gim)]
        .map((m) => m[1]!)
        // A helper of the migration's own session, gone when it ends.
        .filter((name) => !name.startsWith('pg_temp.'));
      expect(defined, file).toEqual(DEFINED_WHERE_AN_INDEX_NEEDS_THEM[file] ?? []);
    }
  });

  it('migrating again applies nothing and changes nothing', async () => {
    const schema = await functionsAndTriggers(db);
    const { rows: before } = await db.query('select * from database_functions order by name');
    expect(await migrate(db)).toEqual({ migrations: [], functions: [] });
    expect(await functionsAndTriggers(db)).toEqual(schema);
    expect((await db.query('select * from database_functions order by name')).rows).toEqual(before);
  });

  describe('a folder edited since the last run', () => {
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'comptoir-functions-'));
      cpSync(FUNCTIONS_DIR, dir, { recursive: true });
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    const message = async () =>
      (
        await db.query<{ src: string }>(
          `select prosrc as src from pg_proc where proname = 'ledger_refuse_delete'`,
        )
      ).rows[0]!.src;

    it('re-applies only the file that changed, and records its new checksum', async () => {
      const file = join(dir, 'ledger_refuse_delete.sql');
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replace(
          "'ledger history is never deleted'",
          "'ledger history is never ever deleted'",
        ),
      );
      expect(await migrate(db, { functionsDir: dir })).toEqual({
        migrations: [],
        functions: ['ledger_refuse_delete.sql'],
      });
      expect(await message()).toContain('is never ever deleted');
      expect((await recordedChecksums(db)).get('ledger_refuse_delete')).toBe(sha256(file));
      // Unchanged since: skipped.
      expect(await migrate(db, { functionsDir: dir })).toEqual({ migrations: [], functions: [] });
    });

    it('re-applies a file whose only change is a comment (its checksum is the whole text)', async () => {
      appendFileSync(join(dir, 'ledger_search_text.sql'), '-- Read by the operations search.\n');
      expect((await migrate(db, { functionsDir: dir })).functions).toEqual(['ledger_search_text.sql']);
    });

    it('applies a new file, and forgets the record of a file deleted', async () => {
      const file = join(dir, 'comptoir_probe.sql');
      writeFileSync(
        file,
        'create or replace function comptoir_probe() returns int language sql as $$ select 1 $$;\n',
      );
      expect((await migrate(db, { functionsDir: dir })).functions).toEqual(['comptoir_probe.sql']);
      expect(await schemaFunctions(db)).toContain('comptoir_probe');
      // Dropping a function is a migration's work; the runner only stops tracking its file.
      await db.query('drop function comptoir_probe()');
      unlinkSync(file);
      expect((await migrate(db, { functionsDir: dir })).functions).toEqual([]);
      expect((await recordedChecksums(db)).has('comptoir_probe')).toBe(false);
    });

    it('leaves the functions of a database that a newer version migrated further', async () => {
      await db.query(`insert into schema_migrations (name) values ('9999_from_a_newer_version.sql')`);
      try {
        const file = join(dir, 'ledger_refuse_delete.sql');
        writeFileSync(
          file,
          readFileSync(file, 'utf8').replace('is never ever deleted', 'is never deleted (older)'),
        );
        expect(await migrate(db, { functionsDir: dir })).toEqual({ migrations: [], functions: [] });
        expect(await message()).toContain('is never ever deleted');
      } finally {
        await db.query(`delete from schema_migrations where name = '9999_from_a_newer_version.sql'`);
      }
    });

    it('goes back to the folder’s own texts on the next run from it', async () => {
      expect((await migrate(db)).functions).toEqual(['ledger_refuse_delete.sql', 'ledger_search_text.sql']);
      expect(await recordedChecksums(db)).toEqual(
        new Map(functionFiles().map((f) => [functionName(f), sha256(join(FUNCTIONS_DIR, f))])),
      );
      expect(await functionsAndTriggers(db)).toEqual(freshSchema);
    });
  });

  it('re-applies every file over the functions already there, changing nothing (an upgrade)', async () => {
    // A database migrated before functions had their own files holds them all, recorded nowhere.
    await db.query('delete from database_functions');
    expect((await migrate(db)).functions).toEqual(functionFiles());
    expect(await functionsAndTriggers(db)).toEqual(freshSchema);
  });
});
