import pg from 'pg';
import type { Db, Queryable } from './types.ts';

/** Why the application's role cannot be used beside a separate owner role. */
export class AppRoleError extends Error {}

/** The role a connection acts as, and whether it bypasses every privilege. */
export async function currentRole(q: Queryable): Promise<{ name: string; superuser: boolean }> {
  const { rows } = await q.query<{ name: string; superuser: boolean }>(
    'select current_user as name, rolsuper as superuser from pg_roles where rolname = current_user',
  );
  const row = rows[0];
  if (!row) throw new AppRoleError('the connected role is not found in pg_roles');
  return row;
}

/**
 * The application role's rights, granted by the owner (the role MIGRATION_DATABASE_URL names) after
 * each migration run: read and write the tables of the schema — now and, through default
 * privileges, those later migrations create — but only read the audit chain, appended through
 * `audit_head_lock()` / `audit_append(…)` (db/functions/audit_head_lock.sql, audit_append.sql), and
 * only read what the migration runner records (`schema_migrations`, `database_functions`). The
 * application role owns nothing, so it can neither alter a table nor switch a trigger off.
 */
export async function grantAppRole(ownerDb: Db, appRole: string): Promise<void> {
  // Under the migrations' lock: two instances starting together would otherwise grant at once
  // (« tuple concurrently updated »).
  await ownerDb.tx(async (owner) => {
    await owner.query('select pg_advisory_xact_lock(7402931)');
    await grantIn(owner, appRole);
  });
}

async function grantIn(owner: Queryable, appRole: string): Promise<void> {
  const ownerRole = await currentRole(owner);
  const app = await roleFacts(owner, appRole);
  if (app.name === ownerRole.name) {
    throw new AppRoleError(
      'DATABASE_URL and MIGRATION_DATABASE_URL connect as the same role: give the application a role of its own (docs/operations.md#database-roles).',
    );
  }
  if (app.superuser) {
    throw new AppRoleError(
      `The application's role ${appRole} is a superuser, which bypasses every privilege: give it an ordinary role (docs/operations.md#database-roles).`,
    );
  }
  if (app.owns > 0) {
    throw new AppRoleError(
      `The application's role ${appRole} owns ${app.owns} table(s), function(s) or sequence(s) of this database: the owner role must own them (ALTER … OWNER TO, or REASSIGN OWNED BY ${appRole} TO the owner; docs/operations.md#database-roles).`,
    );
  }
  const schema = pg.escapeIdentifier(await currentSchema(owner));
  const role = pg.escapeIdentifier(appRole);
  const statements = [
    `grant usage on schema ${schema} to ${role}`,
    `grant select, insert, update, delete on all tables in schema ${schema} to ${role}`,
    `grant usage, select on all sequences in schema ${schema} to ${role}`,
    `alter default privileges in schema ${schema} grant select, insert, update, delete on tables to ${role}`,
    `alter default privileges in schema ${schema} grant usage, select on sequences to ${role}`,
    // The chain: read only; appended through the owner's functions.
    `revoke insert, update, delete, truncate, references, trigger on audit_log, audit_head from ${role}`,
    `grant execute on function audit_head_lock() to ${role}`,
    `grant execute on function audit_append(timestamptz, uuid, uuid, text, jsonb, text, text, text) to ${role}`,
    `revoke insert, update, delete, truncate, references, trigger on schema_migrations from ${role}`,
    `revoke insert, update, delete, truncate, references, trigger on database_functions from ${role}`,
  ];
  for (const sql of statements) await owner.query(sql);
}

async function currentSchema(q: Queryable): Promise<string> {
  const { rows } = await q.query<{ schema: string }>('select current_schema() as schema');
  return rows[0]!.schema;
}

/** The role's name as stored, whether it is a superuser and how many objects of this database it owns. */
async function roleFacts(
  q: Queryable,
  role: string,
): Promise<{ name: string; superuser: boolean; owns: number }> {
  const { rows } = await q.query<{ name: string; superuser: boolean; owns: number }>(
    `select r.rolname as name, r.rolsuper as superuser,
            ((select count(*) from pg_class c where c.relowner = r.oid and c.relnamespace = n.oid)
           + (select count(*) from pg_proc p where p.proowner = r.oid and p.pronamespace = n.oid))::int as owns
       from pg_roles r, pg_namespace n where r.rolname = $1 and n.nspname = current_schema()`,
    [role],
  );
  const row = rows[0];
  if (!row) throw new AppRoleError(`The application's role ${role} does not exist.`);
  return row;
}
