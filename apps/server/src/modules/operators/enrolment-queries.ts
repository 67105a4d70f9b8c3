import type { OperatorEnrolmentPurpose } from '@comptoir/contracts';
import type { Queryable } from '../../db/types.ts';

export interface EnrolmentLinkRow {
  token_hash: string;
  operator_id: string;
  purpose: OperatorEnrolmentPurpose;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  voided_at: Date | null;
}

const COLUMNS = 'token_hash, operator_id, purpose, created_at, expires_at, used_at, voided_at';

/** Voids every enrolment link of the operator still unused: only the newest link works. */
export async function voidEnrolmentLinks(q: Queryable, operatorId: string, now: Date): Promise<void> {
  await q.query(
    `update operator_enrolment_links set voided_at = $2
      where operator_id = $1 and used_at is null and voided_at is null`,
    [operatorId, now],
  );
}

export async function insertEnrolmentLink(
  q: Queryable,
  l: { tokenHash: string; operatorId: string; purpose: OperatorEnrolmentPurpose; now: Date; expiresAt: Date },
): Promise<void> {
  await q.query(
    `insert into operator_enrolment_links (token_hash, operator_id, purpose, created_at, expires_at)
     values ($1, $2, $3, $4, $5)`,
    [l.tokenHash, l.operatorId, l.purpose, l.now, l.expiresAt],
  );
}

/** One link by its token's hash, locked when `forUpdate` (completion re-checks it under the lock). */
export async function enrolmentLinkByHash(
  q: Queryable,
  tokenHash: string,
  forUpdate = false,
): Promise<EnrolmentLinkRow | null> {
  const { rows } = await q.query<EnrolmentLinkRow>(
    `select ${COLUMNS} from operator_enrolment_links where token_hash = $1${forUpdate ? ' for update' : ''}`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

export async function markEnrolmentLinkUsed(q: Queryable, tokenHash: string, now: Date): Promise<void> {
  await q.query(`update operator_enrolment_links set used_at = $2 where token_hash = $1`, [tokenHash, now]);
}

/**
 * Offers a TOTP secret to an operator who has none confirmed: the one already offered if any (so
 * opening the link twice shows the same secret), else `sealed`. Returns the secret offered, or
 * null when the operator's secret is confirmed already.
 */
export async function offerTotpSecret(
  q: Queryable,
  operatorId: string,
  sealed: string,
): Promise<string | null> {
  const { rows } = await q.query<{ totp_secret_sealed: string }>(
    `update operators set totp_secret_sealed = coalesce(totp_secret_sealed, $2)
      where id = $1 and totp_confirmed_at is null
      returning totp_secret_sealed`,
    [operatorId, sealed],
  );
  return rows[0]?.totp_secret_sealed ?? null;
}

/** Forgets a secret offered but never confirmed (a new link offers a new one). */
export async function withdrawOfferedTotpSecret(q: Queryable, operatorId: string): Promise<void> {
  await q.query(
    `update operators set totp_secret_sealed = null where id = $1 and totp_confirmed_at is null`,
    [operatorId],
  );
}

/** The invited operator's enrolment: their password, the confirmed secret, active from `now`. */
export async function completeInvitation(
  q: Queryable,
  operatorId: string,
  e: { passwordHash: string; step: number; now: Date },
): Promise<void> {
  await q.query(
    `update operators set password_hash = $2, totp_confirmed_at = $4, last_totp_step = $3, activated_at = $4,
        failed_logins = 0, lock_count = 0, locked_until = null
      where id = $1`,
    [operatorId, e.passwordHash, e.step, e.now],
  );
}

/** A new authenticator app after a reset: the secret offered is confirmed by a code of step `step`. */
export async function confirmTotpSecret(
  q: Queryable,
  operatorId: string,
  e: { step: number; now: Date },
): Promise<void> {
  await q.query(
    `update operators set totp_confirmed_at = $3, last_totp_step = $2, failed_logins = 0, locked_until = null
      where id = $1`,
    [operatorId, e.step, e.now],
  );
}
