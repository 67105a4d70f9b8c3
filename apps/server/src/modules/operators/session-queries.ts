import type { OperatorRole } from '@comptoir/contracts';
import type { Queryable } from '../../db/types.ts';

export type OperatorSessionStage = 'password_ok' | 'active';

export interface ActiveSessionRow {
  operator_id: string;
  email: string;
  name: string;
  role: OperatorRole;
  expires_at: Date;
}

export interface SessionStateRow {
  operator_id: string;
  stage: OperatorSessionStage;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

export async function insertOperatorSession(
  q: Queryable,
  s: {
    tokenHash: string;
    operatorId: string;
    stage: OperatorSessionStage;
    now: Date;
    expiresAt: Date;
    ip: string;
  },
): Promise<void> {
  await q.query(
    `insert into operator_sessions (token_hash, operator_id, stage, created_at, last_seen_at, expires_at, ip)
     values ($1, $2, $3, $4, $4, $5, $6)`,
    [s.tokenHash, s.operatorId, s.stage, s.now, s.expiresAt, s.ip],
  );
}

/** The password-checked session waiting for its second factor, if still valid. */
export async function pendingOperatorSession(
  q: Queryable,
  tokenHash: string,
  now: Date,
): Promise<{ operator_id: string } | null> {
  const { rows } = await q.query<{ operator_id: string }>(
    `select operator_id from operator_sessions
      where token_hash = $1 and stage = 'password_ok' and revoked_at is null and expires_at > $2`,
    [tokenHash, now],
  );
  return rows[0] ?? null;
}

/**
 * Finds a live, fully authenticated session and slides its idle window, in one statement; the slide
 * is written only when the last one is `slideStepSeconds` old or more (as for customers).
 */
export async function touchOperatorSession(
  q: Queryable,
  tokenHash: string,
  now: Date,
  idleSeconds: number,
  slideStepSeconds: number,
): Promise<ActiveSessionRow | null> {
  const { rows } = await q.query<ActiveSessionRow>(
    `with live as (
       select s.token_hash, s.operator_id, o.email, o.name, o.role, s.expires_at, s.last_seen_at
         from operator_sessions s join operators o on o.id = s.operator_id
        where s.token_hash = $1 and s.stage = 'active' and s.revoked_at is null
          and s.expires_at > $2 and s.last_seen_at > $2::timestamptz - make_interval(secs => $3)
          and o.disabled_at is null
     ), slid as (
       update operator_sessions s set last_seen_at = $2 from live
        where s.token_hash = live.token_hash and s.revoked_at is null
          and live.last_seen_at <= $2::timestamptz - make_interval(secs => $4)
     )
     select operator_id, email, name, role, expires_at from live`,
    [tokenHash, now, idleSeconds, slideStepSeconds],
  );
  return rows[0] ?? null;
}

export async function operatorSessionState(q: Queryable, tokenHash: string): Promise<SessionStateRow | null> {
  const { rows } = await q.query<SessionStateRow>(
    `select operator_id, stage, last_seen_at, expires_at, revoked_at from operator_sessions where token_hash = $1`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

/** Revokes one session; returns it when this call revoked it (null if unknown or already revoked). */
export async function revokeOperatorSession(
  q: Queryable,
  tokenHash: string,
  now: Date,
): Promise<{ operator_id: string; stage: OperatorSessionStage } | null> {
  const { rows } = await q.query<{ operator_id: string; stage: OperatorSessionStage }>(
    `update operator_sessions set revoked_at = $2 where token_hash = $1 and revoked_at is null
     returning operator_id, stage`,
    [tokenHash, now],
  );
  return rows[0] ?? null;
}

export async function revokeAllOperatorSessions(
  q: Queryable,
  operatorId: string,
  now: Date,
): Promise<number> {
  const r = await q.query(
    'update operator_sessions set revoked_at = $2 where operator_id = $1 and revoked_at is null',
    [operatorId, now],
  );
  return r.rowCount;
}
