import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditAnchored } from '../audit/anchored-verify.ts';
import { appendAudit, verifyAuditChain } from '../audit/audit.ts';
import { writeAuditCheckpoint } from '../audit/checkpoint-job.ts';
import { TestClock } from '../clock.ts';
import { localFileStore } from '../storage/local-store.ts';
import { AppRoleError } from './app-role.ts';
import { connect } from './connect.ts';
import { functionFiles } from './migrate.ts';
import type { Db } from './types.ts';

const baseUrl = process.env.DATABASE_URL;

/** Runs one statement on the cluster through `url` (roles and databases are made outside any transaction). */
async function run(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const urlAs = (role: string, database: string) => {
  const url = new URL(baseUrl!);
  url.username = role;
  url.password = '';
  url.pathname = `/${database}`;
  return url.toString();
};

// Roles exist on PostgreSQL only: PGlite has one user, and these tests are about two.
describe.skipIf(!baseUrl)('the owner role and the application role (PostgreSQL)', () => {
  const tag = `${process.pid}_${Date.now()}`;
  const ownerRole = `comptoir_owner_${tag}`;
  const appRole = `comptoir_app_${tag}`;
  const database = `comptoir_roles_${tag}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'comptoir-roles-'));
  const store = localFileStore(join(dataDir, 'files'));
  const masterKey = randomBytes(32);
  const ownerUrl = () => urlAs(ownerRole, database);
  const appUrl = () => urlAs(appRole, database);
  let app: Db;
  let owner: pg.Client;

  beforeAll(async () => {
    // What docs/operations.md#database-roles tells an operator to run.
    await run(baseUrl!, `create role ${ownerRole} login`);
    await run(baseUrl!, `create role ${appRole} login`);
    await run(baseUrl!, `create database ${database} owner ${ownerRole}`);
    await run(urlAs('postgres', database), 'revoke create on schema public from public');
    app = await connect({ databaseUrl: appUrl(), migrationDatabaseUrl: ownerUrl(), dataDir, poolSize: 2 });
    owner = new pg.Client({ connectionString: ownerUrl() });
    await owner.connect();
  });
  afterAll(async () => {
    await app?.close();
    await owner?.end();
    await run(baseUrl!, `drop database if exists ${database} with (force)`);
    await run(baseUrl!, `drop role if exists ${appRole}`);
    await run(baseUrl!, `drop role if exists ${ownerRole}`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const append = (action: string) =>
    app.tx((q) => appendAudit(q, { operatorId: null, customerId: null, action, details: {} }));

  it('migrates as the owner: the application role owns nothing and works its tables', async () => {
    const { rows } = await app.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_roles r on r.oid = c.relowner where r.rolname = $1`,
      [appRole],
    );
    expect(rows[0]!.n).toBe(0);
    const { rows: customer } = await app.query<{ id: string }>(
      `insert into customers (email, password_hash) values ('roles@exemple.test', 'x') returning id`,
    );
    await app.query(`update customers set phone = '0600000000' where id = $1`, [customer[0]!.id]);
    await app.query('delete from customers where id = $1', [customer[0]!.id]);
    await expect(app.query(`insert into schema_migrations (name) values ('9999_x.sql')`)).rejects.toThrow(
      /permission denied/,
    );
    await expect(app.query('create table intruder (id int)')).rejects.toThrow(/permission denied/);
  });

  it('lets the application use a table a later migration creates (default privileges)', async () => {
    await owner.query('create table later_table (id int primary key)');
    await app.query('insert into later_table (id) values (1)');
    await app.query('delete from later_table');
  });

  it('appends through the owner’s function; the chain verifies', async () => {
    await append('test.roles');
    await append('test.roles');
    expect(await verifyAuditChain(app)).toBeNull();
  });

  it('refuses the application role every way to cut the tail: trigger off, delete, head rewritten', async () => {
    const kept = await append('test.kept');
    await append('test.tail');
    const attacks = [
      'alter table audit_log disable trigger audit_log_no_update',
      'alter table audit_log disable trigger all',
      'drop trigger audit_log_no_update on audit_log',
      `delete from audit_log where id > ${kept.id}`,
      'truncate audit_log',
      `update audit_log set action = 'x' where id = ${kept.id}`,
      `update audit_head set last_id = ${kept.id}, hash = '${kept.hash}'`,
      `insert into audit_log (operator_id, customer_id, action, details, prev_hash, hash)
         select null, null, 'test.forged', '{}'::jsonb, hash, repeat('f', 64) from audit_head`,
      'alter table audit_head owner to current_user',
      'create or replace function audit_log_refuse_change() returns trigger language plpgsql as $$ begin return old; end; $$',
    ];
    for (const sql of attacks) {
      await expect(app.query(sql), sql).rejects.toThrow(/permission denied|must be owner/);
    }
    // The append path moves the head only to the row it inserts, chained to the head.
    await expect(
      app.tx((q) =>
        q.query(
          `select audit_append(now(), null, null, 'test.fork', '{}'::jsonb, null, $1, repeat('e', 64))`,
          [kept.hash],
        ),
      ),
    ).rejects.toThrow(/chains to the head/);
    expect(await verifyAuditChain(app)).toBeNull();
  });

  it('a tail cut by the owner, head moved back, is found through the checkpoint outside the database', async () => {
    const kept = await append('test.kept');
    await append('test.tail');
    const newest = await append('test.tail');
    const clock = new TestClock();
    expect(await writeAuditCheckpoint({ db: app, store, masterKey, clock })).toMatchObject({
      lastId: newest.id,
    });
    await owner.query('begin');
    await owner.query('alter table audit_log disable trigger audit_log_no_update');
    await owner.query('delete from audit_log where id > $1', [String(kept.id)]);
    await owner.query('update audit_head set last_id = $1, hash = $2', [String(kept.id), kept.hash]);
    await owner.query('alter table audit_log enable trigger audit_log_no_update');
    await owner.query('commit');
    expect(await verifyAuditChain(app)).toBeNull();
    const found = await verifyAuditAnchored({ db: app, store, masterKey });
    expect(found.broken).toEqual({ kind: 'end', headId: newest.id, lastId: kept.id });
  });

  it('keeps the functions the owner’s, with their rights, when their files run again', async () => {
    // No file recorded: the next start applies every one over the functions already there, as the
    // first start of a database migrated before functions had their own files does.
    await owner.query('delete from database_functions');
    const again = await connect({
      databaseUrl: appUrl(),
      migrationDatabaseUrl: ownerUrl(),
      dataDir,
      poolSize: 1,
    });
    try {
      const { rows: recorded } = await again.query<{ n: number }>(
        'select count(*)::int as n from database_functions',
      );
      expect(recorded[0]!.n).toBe(functionFiles().length);
      const { rows: owned } = await again.query<{ n: number }>(
        `select count(*)::int as n from pg_proc p join pg_roles r on r.oid = p.proowner where r.rolname = $1`,
        [appRole],
      );
      expect(owned[0]!.n).toBe(0);
      const { rows: definers } = await again.query<{
        name: string;
        definer: boolean;
        config: string[];
        acl: string[];
      }>(
        `select proname as name, prosecdef as definer, proconfig as config, proacl::text[] as acl
           from pg_proc where proname in ('audit_head_lock', 'audit_append') order by proname`,
      );
      for (const f of definers) {
        expect(f.definer, f.name).toBe(true);
        expect(f.config, f.name).toEqual(['search_path=public, pg_temp']);
        // Not PUBLIC's (an entry `=X/…`), the application role's.
        expect(
          f.acl.filter((entry) => entry.startsWith('=')),
          f.name,
        ).toEqual([]);
        expect(
          f.acl.some((entry) => entry.startsWith(`${appRole}=X/`)),
          f.name,
        ).toBe(true);
      }
      await again.tx((q) =>
        appendAudit(q, { operatorId: null, customerId: null, action: 'test.again', details: {} }),
      );
      expect(await verifyAuditChain(again)).toBeNull();
      await expect(again.query('delete from database_functions')).rejects.toThrow(/permission denied/);
    } finally {
      await again.close();
    }
  });

  it('refuses to start with a superuser or the owner itself as the application role', async () => {
    await expect(
      connect({ databaseUrl: urlAs('postgres', database), migrationDatabaseUrl: ownerUrl(), dataDir }),
    ).rejects.toThrow(AppRoleError);
    await expect(
      connect({ databaseUrl: ownerUrl(), migrationDatabaseUrl: ownerUrl(), dataDir }),
    ).rejects.toThrow(/same role/);
  });
});
