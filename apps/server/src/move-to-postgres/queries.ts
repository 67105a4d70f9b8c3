import type { Queryable } from '../db/types.ts';

/**
 * The catalogue reads and the bulk copy of the move to PostgreSQL. Table and sequence names come
 * from the catalogue (never from input) and are quoted all the same.
 */
const ident = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** The tables of the current schema (ordinary and partitioned), by name. */
export async function schemaTables(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ name: string }>(
    `select c.relname as name from pg_class c
      where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p')
      order by c.relname`,
  );
  return rows.map((r) => r.name);
}

/** The sequences of the current schema (the identity columns' too), by name. */
export async function schemaSequences(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ name: string }>(
    `select c.relname as name from pg_class c
      where c.relnamespace = current_schema()::regnamespace and c.relkind = 'S'
      order by c.relname`,
  );
  return rows.map((r) => r.name);
}

export async function tableRowCount(q: Queryable, table: string): Promise<number> {
  const { rows } = await q.query<{ n: string }>(`select count(*)::text as n from ${ident(table)}`);
  return Number(rows[0]!.n);
}

/**
 * The columns a copy writes (generated ones are computed again by the target), and whether the
 * table has an identity column (then its values are written as they are: `overriding system value`).
 */
export async function writableColumns(
  q: Queryable,
  table: string,
): Promise<{ columns: string[]; identity: boolean }> {
  const { rows } = await q.query<{ name: string; identity: string }>(
    `select a.attname as name, a.attidentity::text as identity from pg_attribute a
      where a.attrelid = (quote_ident(current_schema()) || '.' || quote_ident($1))::regclass
        and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by a.attnum`,
    [table],
  );
  return { columns: rows.map((r) => r.name), identity: rows.some((r) => r.identity !== '') };
}

/** Opens a cursor over the table's rows as JSON text (inside the caller's transaction). */
export async function openRowCursor(q: Queryable, cursor: string, table: string): Promise<void> {
  await q.query(
    `declare ${ident(cursor)} no scroll cursor for select row_to_json(t)::text as row from ${ident(table)} t`,
  );
}

/** The cursor's next rows (at most `count`), each one JSON object as text. */
export async function fetchRows(q: Queryable, cursor: string, count: number): Promise<string[]> {
  const { rows } = await q.query<{ row: string }>(`fetch forward ${Math.trunc(count)} from ${ident(cursor)}`);
  return rows.map((r) => r.row);
}

export async function closeCursor(q: Queryable, cursor: string): Promise<void> {
  await q.query(`close ${ident(cursor)}`);
}

/** Writes rows given as one JSON array (text, never parsed here: big integers stay exact). */
export async function insertJsonRows(
  q: Queryable,
  table: string,
  target: { columns: string[]; identity: boolean },
  jsonArray: string,
): Promise<number> {
  const columns = target.columns.map(ident).join(', ');
  const { rowCount } = await q.query(
    `insert into ${ident(table)} (${columns}) ${target.identity ? 'overriding system value' : ''}
     select ${columns} from json_populate_recordset(null::${ident(table)}, $1::json)`,
    [jsonArray],
  );
  return rowCount;
}

/** Removes the rows the migrations wrote (the ledger's own accounts, the audit chain's head…). */
export async function deleteAllRows(q: Queryable, table: string): Promise<void> {
  await q.query(`delete from ${ident(table)}`);
}

/**
 * For the rest of the caller's transaction: no trigger and no foreign-key check fires (the rows
 * copied are already consistent; the audit log's append-only trigger must not refuse them).
 * Refused (42501) unless the role is a superuser or was granted SET on this parameter.
 */
export async function skipTriggersForThisTransaction(q: Queryable): Promise<void> {
  await q.query('set local session_replication_role = replica');
}

/** A sequence's state as `setval` takes it back. */
export async function sequenceState(
  q: Queryable,
  sequence: string,
): Promise<{ lastValue: string; isCalled: boolean }> {
  const { rows } = await q.query<{ last_value: string; is_called: boolean }>(
    `select last_value::text as last_value, is_called from ${ident(sequence)}`,
  );
  return { lastValue: rows[0]!.last_value, isCalled: rows[0]!.is_called };
}

export async function setSequenceState(
  q: Queryable,
  sequence: string,
  state: { lastValue: string; isCalled: boolean },
): Promise<void> {
  await q.query('select setval($1::regclass, $2::bigint, $3)', [
    ident(sequence),
    state.lastValue,
    state.isCalled,
  ]);
}
