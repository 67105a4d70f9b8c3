import type { OperatorRole } from '@comptoir/contracts';
import type { Queryable } from '../../db/types.ts';

export interface OperatorListRow {
  id: string;
  email: string;
  name: string;
  role: OperatorRole;
  disabled_at: Date | null;
  activated_at: Date | null;
  totp_confirmed_at: Date | null;
  created_at: Date;
  /** The newest invitation link's expiry, for an operator still invited. */
  invitation_expires_at: Date | null;
}

const LIST_COLUMNS = `id, email, name, role, disabled_at, activated_at, totp_confirmed_at, created_at,
  case when activated_at is null then
    (select l.expires_at from operator_enrolment_links l
      where l.operator_id = operators.id and l.purpose = 'invitation' and l.voided_at is null
      order by l.created_at desc limit 1)
  end as invitation_expires_at`;

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
 * Locks every active (enrolled, not disabled) admin (one global order, so two admins demoting each other at once queue
 * here) and returns their ids: the « last admin » rule is decided on this locked set.
 */
export async function lockActiveAdmins(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `select id from operators where role = 'admin' and disabled_at is null and activated_at is not null
      order by id for update`,
  );
  return rows.map((r) => r.id);
}

export async function updateOperatorRow(
  q: Queryable,
  id: string,
  change: { name: string; role: OperatorRole; disabledAt: Date | null; activatedAt: Date | null },
): Promise<OperatorListRow> {
  const { rows } = await q.query<OperatorListRow>(
    `update operators set name = $2, role = $3, disabled_at = $4, activated_at = $5 where id = $1
     returning ${LIST_COLUMNS}`,
    [id, change.name, change.role, change.disabledAt, change.activatedAt],
  );
  return rows[0]!;
}

/**
 * A TOTP reset: the secret is gone, so the operator cannot sign in until they enrol a new one
 * through the mailed link; the step memory starts again and any lockout is lifted.
 */
export async function clearTotpSecret(q: Queryable, id: string): Promise<void> {
  await q.query(
    `update operators set totp_secret_sealed = null, totp_confirmed_at = null, last_totp_step = null,
        failed_logins = 0, locked_until = null
      where id = $1`,
    [id],
  );
}
