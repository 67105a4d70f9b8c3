import type { Queryable } from '../../db/types.ts';
import type { CustomerStatus } from '@comptoir/contracts';
import type { CustomerSessionStage } from '../../http/customer-principal.ts';

export type SessionStage = CustomerSessionStage;

export interface SessionRow {
  customer_id: string;
  status: CustomerStatus;
  expires_at: Date;
  stage: SessionStage;
}

export async function insertCustomerSession(
  q: Queryable,
  s: {
    tokenHash: string;
    customerId: string;
    now: Date;
    expiresAt: Date;
    ip: string;
    userAgent: string;
    stage?: SessionStage | undefined;
  },
): Promise<void> {
  await q.query(
    `insert into customer_sessions (token_hash, customer_id, created_at, last_seen_at, expires_at, ip, user_agent, stage)
     values ($1, $2, $3, $3, $4, $5, $6, $7)`,
    [s.tokenHash, s.customerId, s.now, s.expiresAt, s.ip, s.userAgent.slice(0, 300), s.stage ?? 'active'],
  );
}

/**
 * Finds a live session and slides its idle window, in one statement. The slide is written only when
 * the last one is `slideStepSeconds` old or more: a burst of requests reads the session without a
 * write (and without a commit to flush); the window may end up to that step early.
 */
export async function touchCustomerSession(
  q: Queryable,
  tokenHash: string,
  now: Date,
  idleSeconds: number,
  slideStepSeconds: number,
): Promise<SessionRow | null> {
  const { rows } = await q.query<SessionRow>(
    `with live as (
       select s.token_hash, s.customer_id, c.status, s.expires_at, s.stage, s.last_seen_at
         from customer_sessions s join customers c on c.id = s.customer_id
        where s.token_hash = $1 and s.revoked_at is null
          and s.expires_at > $2 and s.last_seen_at > $2::timestamptz - make_interval(secs => $3)
          and c.status <> 'closed'
     ), slid as (
       update customer_sessions s set last_seen_at = $2 from live
        where s.token_hash = live.token_hash and s.revoked_at is null
          and live.last_seen_at <= $2::timestamptz - make_interval(secs => $4)
     )
     select customer_id, status, expires_at, stage from live`,
    [tokenHash, now, idleSeconds, slideStepSeconds],
  );
  return rows[0] ?? null;
}

export async function revokeCustomerSession(q: Queryable, tokenHash: string, now: Date): Promise<void> {
  await q.query('update customer_sessions set revoked_at = $2 where token_hash = $1 and revoked_at is null', [
    tokenHash,
    now,
  ]);
}

export async function revokeAllCustomerSessions(q: Queryable, customerId: string, now: Date): Promise<void> {
  await q.query(
    'update customer_sessions set revoked_at = $2 where customer_id = $1 and revoked_at is null',
    [customerId, now],
  );
}

/** Promotes a session waiting for its second factor; false when it is not (or no longer) waiting. */
export async function activateSession(q: Queryable, tokenHash: string): Promise<boolean> {
  const { rowCount } = await q.query(
    `update customer_sessions set stage = 'active', webauthn_challenge = null, webauthn_challenge_expires_at = null
      where token_hash = $1 and stage = 'second_factor' and revoked_at is null`,
    [tokenHash],
  );
  return rowCount === 1;
}
