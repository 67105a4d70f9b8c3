import type { Queryable } from '../db/types.ts';

/** A table of sealed values, as the rotation walks it (names from sealed-values.ts only, never input). */
export interface SealedTable {
  table: string;
  /** The cursor column: the rows are walked in its order. */
  key: string;
  keyType: 'uuid' | 'boolean';
  /** Read for each row; a row whose first column is null holds nothing sealed and is skipped. */
  columns: readonly string[];
}

export type SealedRow = Record<string, string | null> & { cursor: string };

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
const ident = (name: string): string => {
  if (!IDENTIFIER.test(name)) throw new Error(`not an identifier: ${name}`);
  return name;
};

/** The next batch after `cursor`, locked until the batch's transaction ends (no concurrent change is lost). */
export async function lockSealedBatch(
  q: Queryable,
  t: SealedTable,
  cursor: string | null,
  limit: number,
): Promise<SealedRow[]> {
  const columns = t.columns.map((c) => `${ident(c)}::text as ${ident(c)}`).join(', ');
  const key = ident(t.key);
  const after = cursor === null ? '' : `and ${key} > $2::${t.keyType}`;
  const { rows } = await q.query<SealedRow>(
    `select ${key}::text as cursor, ${columns} from ${ident(t.table)}
      where ${ident(t.columns[0] as string)} is not null ${after}
      order by ${key} limit $1 for update`,
    cursor === null ? [limit] : [limit, cursor],
  );
  return rows;
}

export async function updateSealedRow(
  q: Queryable,
  t: SealedTable,
  cursor: string,
  values: Record<string, string>,
): Promise<void> {
  const names = Object.keys(values);
  const sets = names.map((n, i) => `${ident(n)} = $${i + 2}`).join(', ');
  await q.query(`update ${ident(t.table)} set ${sets} where ${ident(t.key)} = $1::${t.keyType}`, [
    cursor,
    ...names.map((n) => values[n]),
  ]);
}

export interface RotationProgress {
  value_set: string;
  cursor: string | null;
  moved: string;
  finished_at: Date | null;
}

/** The rotation to `targetKeyId`, started now when new; its progress rows. */
export async function startRotation(
  q: Queryable,
  targetKeyId: string,
  sets: readonly string[],
  now: Date,
): Promise<RotationProgress[]> {
  await q.query(
    `insert into key_rotations (target_key_id, started_at) values ($1, $2) on conflict do nothing`,
    [targetKeyId, now],
  );
  for (const name of sets)
    await q.query(
      `insert into key_rotation_progress (target_key_id, value_set) values ($1, $2) on conflict do nothing`,
      [targetKeyId, name],
    );
  const { rows } = await q.query<RotationProgress>(
    `select value_set, cursor, moved::text as moved, finished_at from key_rotation_progress
      where target_key_id = $1`,
    [targetKeyId],
  );
  return rows;
}

/** Rotations begun towards another key and not finished (one at a time). */
export async function unfinishedRotations(q: Queryable, exceptKeyId: string): Promise<string[]> {
  const { rows } = await q.query<{ target_key_id: string }>(
    `select target_key_id from key_rotations where finished_at is null and target_key_id <> $1`,
    [exceptKeyId],
  );
  return rows.map((r) => r.target_key_id);
}

export async function recordBatch(
  q: Queryable,
  targetKeyId: string,
  set: string,
  cursor: string,
  moved: number,
): Promise<void> {
  await q.query(
    `update key_rotation_progress set cursor = $3, moved = moved + $4
      where target_key_id = $1 and value_set = $2`,
    [targetKeyId, set, cursor, moved],
  );
}

export async function finishSet(q: Queryable, targetKeyId: string, set: string, now: Date): Promise<void> {
  await q.query(
    `update key_rotation_progress set finished_at = $3 where target_key_id = $1 and value_set = $2`,
    [targetKeyId, set, now],
  );
}

export async function finishRotation(q: Queryable, targetKeyId: string, now: Date): Promise<void> {
  await q.query(`update key_rotations set finished_at = $2 where target_key_id = $1`, [targetKeyId, now]);
}

export async function rotationFinished(q: Queryable, targetKeyId: string): Promise<boolean> {
  const { rows } = await q.query(
    'select 1 from key_rotations where target_key_id = $1 and finished_at is not null',
    [targetKeyId],
  );
  return rows.length > 0;
}
