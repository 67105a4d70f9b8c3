import type { OperatorRole } from '@comptoir/contracts';
import type { Queryable } from '../../db/types.ts';

export interface OperatorListRow {
  id: string;
  email: string;
  name: string;
  role: OperatorRole;
  disabled_at: Date | null;
  created_at: Date;
}

const LIST_COLUMNS = 'id, email, name, role, disabled_at, created_at';

/** Every operator, active ones first, then by name. */
export async function listOperators(q: Queryable): Promise<OperatorListRow[]> {
  const { rows } = await q.query<OperatorListRow>(
    `select ${LIST_COLUMNS} from operators order by disabled_at is not null, lower(name), id`,
  );
  return rows;
}

/** Locks one operator's row for a change; null when unknown. */
export async function lockOperator(q: Queryable, id: string): Promise<OperatorListRow | null> {
  const { rows } = await q.query<OperatorListRow>(
    `select ${LIST_COLUMNS} from operators where id = $1 for update`,
    [id],
  );
  return rows[0] ?? null;
}

/**
 * Locks every active admin (one global order, so two admins demoting each other at once queue
 * here) and returns their ids: the « last admin » rule is decided on this locked set.
 */
export async function lockActiveAdmins(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `select id from operators where role = 'admin' and disabled_at is null order by id for update`,
  );
  return rows.map((r) => r.id);
}

export async function updateOperatorRow(
  q: Queryable,
  id: string,
  change: { name: string; role: OperatorRole; disabledAt: Date | null },
): Promise<OperatorListRow> {
  const { rows } = await q.query<OperatorListRow>(
    `update operators set name = $2, role = $3, disabled_at = $4 where id = $1 returning ${LIST_COLUMNS}`,
    [id, change.name, change.role, change.disabledAt],
  );
  return rows[0]!;
}

/** A new sealed TOTP secret; the step memory starts again and any lockout is lifted. */
export async function replaceTotpSecret(q: Queryable, id: string, sealed: string): Promise<void> {
  await q.query(
    `update operators set totp_secret_sealed = $2, last_totp_step = null, failed_logins = 0, locked_until = null
      where id = $1`,
    [id, sealed],
  );
}
