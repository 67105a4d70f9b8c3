import type { OperatorRole } from '@comptoir/contracts';
import type { Queryable } from '../../db/types.ts';

export interface OperatorRow {
  id: string;
  email: string;
  name: string;
  role: OperatorRole;
  password_hash: string;
  totp_secret_sealed: string;
  failed_logins: number;
  lock_count: number;
  locked_until: Date | null;
  last_totp_step: bigint | null;
  disabled_at: Date | null;
  created_at: Date;
}

const COLUMNS = `id, email, name, role, password_hash, totp_secret_sealed, failed_logins, lock_count, locked_until,
  last_totp_step, disabled_at, created_at`;

export async function insertOperator(
  q: Queryable,
  o: {
    id: string;
    email: string;
    name: string;
    role: OperatorRole;
    passwordHash: string;
    totpSecretSealed: string;
    now: Date;
  },
): Promise<OperatorRow> {
  const { rows } = await q.query<OperatorRow>(
    `insert into operators (id, email, name, role, password_hash, totp_secret_sealed, created_at)
     values ($1, $2, $3, $4, $5, $6, $7) returning ${COLUMNS}`,
    [o.id, o.email, o.name, o.role, o.passwordHash, o.totpSecretSealed, o.now],
  );
  return rows[0]!;
}

export async function operatorByEmail(q: Queryable, email: string): Promise<OperatorRow | null> {
  const { rows } = await q.query<OperatorRow>(
    `select ${COLUMNS} from operators where lower(email) = lower($1)`,
    [email],
  );
  return rows[0] ?? null;
}

export async function operatorById(q: Queryable, id: string): Promise<OperatorRow | null> {
  const { rows } = await q.query<OperatorRow>(`select ${COLUMNS} from operators where id = $1`, [id]);
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
      where id = $1 and disabled_at is null and (last_totp_step is null or last_totp_step < $2)
        and (locked_until is null or locked_until <= $3)`,
    [id, step, now],
  );
  return r.rowCount === 1;
}
