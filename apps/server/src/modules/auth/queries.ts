import type { TokenPurpose } from '../../crypto/one-time-token-queries.ts';
import type { Queryable } from '../../db/types.ts';

export interface LockState {
  failed_logins: number;
  lock_count: number;
  locked_until: Date | null;
}

/**
 * Counts one failed password for a customer who is not locked, atomically (concurrent guesses
 * cannot skip the count). The `maxFailures`-th consecutive failure resets the counter and locks the
 * account for `baseSeconds · 2^(previous locks)` (capped), where previous locks only count when the
 * last lock ended less than `decaySeconds` ago. Returns null when the account is already locked.
 */
export async function recordFailedPassword(
  q: Queryable,
  customerId: string,
  now: Date,
  rule: { maxFailures: number; baseSeconds: number; maxSeconds: number; decaySeconds: number },
): Promise<LockState | null> {
  const { rows } = await q.query<LockState>(failedPasswordSql('customers', 'id'), [
    customerId,
    now,
    rule.maxFailures,
    rule.baseSeconds,
    rule.maxSeconds,
    rule.decaySeconds,
  ]);
  return rows[0] ?? null;
}

/**
 * The one statement that counts a failed login, on a customer or on a decoy row (same columns):
 * a refusal costs the same work whether or not the address has an account.
 */
const failedPasswordSql = (table: 'customers' | 'login_decoys', key: 'id' | 'slot') =>
  `with prev as (
     select ${key}, failed_logins + 1 >= $3 as locks,
            case when locked_until is not null and locked_until > $2::timestamptz - make_interval(secs => $6)
                 then lock_count else 0 end as recent_locks
       from ${table}
      where ${key} = $1 and (locked_until is null or locked_until <= $2)
      for update)
   update ${table} c set
     failed_logins = case when p.locks then 0 else c.failed_logins + 1 end,
     lock_count = case when p.locks then p.recent_locks + 1 else c.lock_count end,
     locked_until = case when p.locks
       then $2::timestamptz + make_interval(secs => least($4 * power(2, least(p.recent_locks, 30)), $5))
       else c.locked_until end,
     updated_at = $2
     from prev p
    where c.${key} = p.${key}
    returning c.failed_logins, c.lock_count, c.locked_until`;

/** How many decoy rows share the failures of addresses without an account (migration 0008). */
export const LOGIN_DECOY_SLOTS = 64;

/**
 * Counts a failed login on a decoy row with the very statement of `recordFailedPassword`, for
 * refusals with no customer failure to count. A decoy never locks (its threshold is never reached),
 * like the usual wrong password on an account.
 */
export async function recordDecoyFailure(
  q: Queryable,
  slot: number,
  now: Date,
  rule: { baseSeconds: number; maxSeconds: number; decaySeconds: number },
): Promise<void> {
  await q.query(failedPasswordSql('login_decoys', 'slot'), [
    slot,
    now,
    Number.MAX_SAFE_INTEGER,
    rule.baseSeconds,
    rule.maxSeconds,
    rule.decaySeconds,
  ]);
}

/** A correct password: clears the failure counter unless the account is locked (then false). */
export async function clearFailedPasswords(q: Queryable, customerId: string, now: Date): Promise<boolean> {
  const { rowCount } = await q.query(
    `update customers set failed_logins = 0
      where id = $1 and (locked_until is null or locked_until <= $2)`,
    [customerId, now],
  );
  return rowCount === 1;
}

export async function lockedUntil(q: Queryable, customerId: string): Promise<Date | null> {
  const { rows } = await q.query<{ locked_until: Date | null }>(
    'select locked_until from customers where id = $1',
    [customerId],
  );
  return rows[0]?.locked_until ?? null;
}

/**
 * New password: also lifts any lock and forgets past locks (the customer proved mailbox control), and
 * records when, so reset links issued before stop working.
 */
export async function setPasswordHash(q: Queryable, customerId: string, passwordHash: string, now: Date) {
  await q.query(
    `update customers set password_hash = $2, failed_logins = 0, lock_count = 0, locked_until = null,
            password_changed_at = $3, updated_at = $3
      where id = $1`,
    [customerId, passwordHash, now],
  );
}

export async function setPendingEmail(q: Queryable, customerId: string, email: string | null, now: Date) {
  await q.query('update customers set pending_email = $2, updated_at = $3 where id = $1', [
    customerId,
    email,
    now,
  ]);
}

/**
 * Applies a confirmed address when it is still the customer's pending one, and records when. Returns
 * the address it replaces, or null when it is not the pending one (changed or cancelled meanwhile) —
 * a unique violation (23505) means someone else took the address.
 */
export async function applyPendingEmail(
  q: Queryable,
  customerId: string,
  email: string,
  now: Date,
): Promise<{ previousEmail: string } | null> {
  const { rows } = await q.query<{ previous_email: string }>(
    `update customers c set email = $2, pending_email = null, email_changed_at = $3, updated_at = $3
       from (select id, email from customers where id = $1 for update) old
      where c.id = old.id and lower(c.pending_email) = lower($2) and c.status <> 'closed'
      returning old.email as previous_email`,
    [customerId, email, now],
  );
  const row = rows[0];
  return row ? { previousEmail: row.previous_email } : null;
}

export async function emailTakenByOther(q: Queryable, customerId: string, email: string): Promise<boolean> {
  const { rows } = await q.query('select 1 from customers where lower(email) = lower($1) and id <> $2', [
    email,
    customerId,
  ]);
  return rows.length > 0;
}

/**
 * A password reset token that still stands for its customer: mailed to the address the customer has
 * now (kept in its payload), and issued no earlier than their last password and e-mail changes.
 * `t` is the token, `c` its customer; `$2` is now.
 */
const RESET_TOKEN_STANDS = `t.purpose = 'password_reset' and t.used_at is null and t.expires_at > $2
  and c.id = t.customer_id
  and lower(t.payload->>'email') = lower(c.email)
  and t.created_at >= coalesce(c.password_changed_at, '-infinity'::timestamptz)
  and t.created_at >= coalesce(c.email_changed_at, '-infinity'::timestamptz)`;

/** The owner of a password reset token that still stands (read only: to answer before costly work). */
export async function liveResetTokenOwner(
  q: Queryable,
  tokenHash: string,
  now: Date,
): Promise<string | null> {
  const { rows } = await q.query<{ customer_id: string }>(
    `select t.customer_id from one_time_tokens t, customers c where t.token_hash = $1 and ${RESET_TOKEN_STANDS}`,
    [tokenHash, now],
  );
  return rows[0]?.customer_id ?? null;
}

/** Uses a password reset token that still stands, once, atomically; null when it does not. */
export async function consumeResetToken(q: Queryable, tokenHash: string, now: Date): Promise<string | null> {
  const { rows } = await q.query<{ customer_id: string }>(
    `update one_time_tokens t set used_at = $2
       from customers c
      where t.token_hash = $1 and ${RESET_TOKEN_STANDS}
      returning t.customer_id`,
    [tokenHash, now],
  );
  return rows[0]?.customer_id ?? null;
}

/** Whether a customer holds a live token of one purpose. */
export async function hasLiveOneTimeToken(
  q: Queryable,
  customerId: string,
  purpose: TokenPurpose,
  now: Date,
) {
  const { rows } = await q.query(
    `select 1 from one_time_tokens
      where customer_id = $1 and purpose = $2 and used_at is null and expires_at > $3
      limit 1`,
    [customerId, purpose, now],
  );
  return rows.length > 0;
}

/** Voids a customer's other live tokens of one purpose. */
export async function voidOneTimeTokens(q: Queryable, customerId: string, purpose: TokenPurpose, now: Date) {
  await q.query(
    `update one_time_tokens set used_at = $3
      where customer_id = $1 and purpose = $2 and used_at is null and expires_at > $3`,
    [customerId, purpose, now],
  );
}

/** How many tokens of a purpose were issued to a customer since a moment (per-account mail limit). */
export async function countTokensSince(q: Queryable, customerId: string, purpose: TokenPurpose, since: Date) {
  const { rows } = await q.query<{ n: number }>(
    `select count(*)::int as n from one_time_tokens where customer_id = $1 and purpose = $2 and created_at > $3`,
    [customerId, purpose, since],
  );
  return rows[0]?.n ?? 0;
}

/** Signs the customer out everywhere except the session in use. */
export async function revokeOtherSessions(
  q: Queryable,
  customerId: string,
  keepTokenHash: string,
  now: Date,
) {
  await q.query(
    `update customer_sessions set revoked_at = $3
      where customer_id = $1 and token_hash <> $2 and revoked_at is null`,
    [customerId, keepTokenHash, now],
  );
}
