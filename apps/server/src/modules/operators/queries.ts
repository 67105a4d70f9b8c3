import type { OperatorRole } from '@comptoir/contracts';
import type { Queryable } from '../../db/types.ts';

export interface OperatorRow {
  id: string;
  email: string;
  name: string;
  role: OperatorRole;
  /** Null until the invited operator chooses it. */
  password_hash: string | null;
  /** Null while invited or after a TOTP reset until an enrolment page offers a new one. */
  totp_secret_sealed: string | null;
  /** When a code confirmed the secret; null while it is only offered. */
  totp_confirmed_at: Date | null;
  /** When the operator last became active (enrolled or reactivated); null while invited. */
  activated_at: Date | null;
  failed_logins: number;
  lock_count: number;
  locked_until: Date | null;
  last_totp_step: bigint | null;
  disabled_at: Date | null;
  created_at: Date;
}

const COLUMNS = `id, email, name, role, password_hash, totp_secret_sealed, totp_confirmed_at, activated_at,
  failed_logins, lock_count, locked_until, last_totp_step, disabled_at, created_at`;

/** Whether an operator may sign in: enrolled (password and a confirmed TOTP secret) and not disabled. */
export const canSignIn = (
  o: Pick<OperatorRow, 'password_hash' | 'totp_confirmed_at' | 'activated_at' | 'disabled_at'>,
): boolean =>
  o.password_hash !== null &&
  o.totp_confirmed_at !== null &&
  o.activated_at !== null &&
  o.disabled_at === null;

/**
 * Inserts an operator: enrolled at once (both factors given: the command line, the demo seed) or
 * invited (neither: the operator chooses them through the invitation link).
 */
export async function insertOperator(
  q: Queryable,
  o: {
    id: string;
    email: string;
    name: string;
    role: OperatorRole;
    factors: { passwordHash: string; totpSecretSealed: string } | null;
    now: Date;
  },
): Promise<OperatorRow> {
  const enrolledAt = o.factors ? o.now : null;
  const { rows } = await q.query<OperatorRow>(
    `insert into operators (id, email, name, role, password_hash, totp_secret_sealed, totp_confirmed_at,
        activated_at, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $7, $8) returning ${COLUMNS}`,
    [
      o.id,
      o.email,
      o.name,
      o.role,
      o.factors?.passwordHash ?? null,
      o.factors?.totpSecretSealed ?? null,
      enrolledAt,
      o.now,
    ],
  );
  return rows[0]!;
}

/**
 * When the operator last became active (enrolment completed or reactivated), or null when they are
 * not active now: four eyes counts a checker only on what was made after it.
 */
export async function operatorActiveSince(q: Queryable, id: string): Promise<Date | null> {
  const { rows } = await q.query<{ activated_at: Date | null }>(
    `select activated_at from operators where id = $1 and disabled_at is null`,
    [id],
  );
  return rows[0]?.activated_at ?? null;
}

export async function operatorByEmail(q: Queryable, email: string): Promise<OperatorRow | null> {
  const { rows } = await q.query<OperatorRow>(
    `select ${COLUMNS} from operators where lower(email) = lower($1)`,
    [email],
  );
  return rows[0] ?? null;
}

/** One operator; locked when `forUpdate` (an enrolment completes under the lock). */
export async function operatorById(q: Queryable, id: string, forUpdate = false): Promise<OperatorRow | null> {
  const { rows } = await q.query<OperatorRow>(
    `select ${COLUMNS} from operators where id = $1${forUpdate ? ' for update' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

/**
 * Counts one failed attempt atomically; the `maxFailures`-th in a row locks the operator for
 * `lockSeconds` doubled per previous lock (capped at 64×) and starts the count again.
 */
export async function recordOperatorFailure(
  q: Queryable,
  id: string,
  now: Date,
  maxFailures: number,
  lockSeconds: number,
): Promise<{ lockedUntil: Date | null; lockedNow: boolean }> {
  const { rows } = await q.query<{ locked_until: Date | null; locked_now: boolean }>(
    `update operators o
        set failed_logins = case when o.failed_logins + 1 >= $3 then 0 else o.failed_logins + 1 end,
            lock_count = case when o.failed_logins + 1 >= $3 then o.lock_count + 1 else o.lock_count end,
            locked_until = case when o.failed_logins + 1 >= $3
                                then $2::timestamptz + make_interval(secs => $4 * power(2, least(o.lock_count, 6)))
                                else o.locked_until end
      where o.id = $1
      returning o.locked_until, (o.failed_logins = 0 and o.locked_until > $2::timestamptz) as locked_now`,
    [id, now, maxFailures, lockSeconds],
  );
  const row = rows[0];
  return { lockedUntil: row?.locked_until ?? null, lockedNow: row?.locked_now ?? false };
}

/**
 * Records a successful second factor: claims the TOTP step (only if newer than the last one used,
 * so a code is never accepted twice, and only if the operator is not locked — checked atomically)
 * and clears the failure counters. False otherwise.
 */
export async function claimTotpStep(q: Queryable, id: string, step: number, now: Date): Promise<boolean> {
  const r = await q.query(
    `update operators
        set last_totp_step = $2, failed_logins = 0, lock_count = 0, locked_until = null
      where id = $1 and disabled_at is null and totp_confirmed_at is not null
        and (last_totp_step is null or last_totp_step < $2)
        and (locked_until is null or locked_until <= $3)`,
    [id, step, now],
  );
  return r.rowCount === 1;
}
