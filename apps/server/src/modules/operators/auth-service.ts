// Error codes thrown here: operator_invalid_credentials, operator_locked, operator_second_factor_required,
//   operator_session_idle, role_forbidden, session_expired, unauthenticated.
import type { Operator, OperatorRole } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { OperatorPrincipal } from '../../http/operator-principal.ts';
import { dummyHash, verifyPassword } from '../../crypto/password.ts';
import { newToken, tokenHash } from '../../crypto/seal.ts';
import { appendAudit } from '../../audit/audit.ts';
import {
  canSignIn,
  claimTotpStep,
  operatorByEmail,
  operatorById,
  recordOperatorFailure,
  type OperatorRow,
} from './queries.ts';
import {
  insertOperatorSession,
  operatorSessionState,
  pendingOperatorSession,
  revokeOperatorSession,
  touchOperatorSession,
} from './session-queries.ts';
import { toOperator, totpSealer } from './operators-service.ts';
import { matchTotpStep } from '../../crypto/totp.ts';

/** The password step opens a session that can only present a second factor, for 5 minutes. */
export const PASSWORD_STAGE_SECONDS = 5 * 60;
export const MAX_FAILURES = 5;
export const LOCK_SECONDS = 15 * 60;

const invalidCredentials = () => new AppError('operator_invalid_credentials');

const timeFormat = new Intl.DateTimeFormat('fr-FR', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Luxembourg',
});
export const accountLocked = (until: Date) =>
  new AppError('operator_locked', { until: timeFormat.format(until) }, { lockedUntil: until.toISOString() });

export const isLocked = (op: Pick<OperatorRow, 'locked_until'>, now: Date) =>
  op.locked_until !== null && op.locked_until > now;

/**
 * Step one: e-mail and password. Unknown, not enrolled, disabled and wrong all answer the same 401
 * after the same argon2 work; the 5th failure in a row locks the operator (15 min, doubling). Success opens a
 * `password_ok` session (5 min) that can only present a TOTP code.
 */
export async function passwordLogin(
  ctx: AppContext,
  input: { email: string; password: string },
  meta: { ip: string; previousToken?: string | undefined },
): Promise<{ token: string }> {
  const operator = await operatorByEmail(ctx.db, input.email);
  // Invited (no password yet), disabled, or waiting for a new authenticator app: as if unknown.
  if (!operator || !canSignIn(operator)) {
    await verifyPassword(await dummyHash(), input.password);
    throw invalidCredentials();
  }
  if (isLocked(operator, ctx.clock.now())) throw accountLocked(operator.locked_until!);
  if (!(await verifyPassword(operator.password_hash!, input.password))) {
    throw await recordFailure(ctx, operator.id, 'password', meta.ip, null);
  }
  const token = newToken();
  const now = ctx.clock.now();
  await ctx.db.tx(async (q) => {
    // A new login from this browser ends the session its cookie held, if any.
    if (meta.previousToken && meta.previousToken.length <= 100) {
      const previous = await revokeOperatorSession(q, tokenHash(meta.previousToken), now);
      if (previous?.stage === 'active') {
        await appendAudit(q, {
          operatorId: previous.operator_id,
          customerId: null,
          action: 'operator.logout',
          details: { reason: 'new_login' },
          at: now,
        });
      }
    }
    await insertOperatorSession(q, {
      tokenHash: tokenHash(token),
      operatorId: operator.id,
      stage: 'password_ok',
      now,
      expiresAt: new Date(now.getTime() + PASSWORD_STAGE_SECONDS * 1000),
      ip: meta.ip,
    });
  });
  return { token };
}

/**
 * Counts a failure and audits it (one transaction); returns the error to throw: 423 when this
 * failure locked the operator (the pending session, if any, is revoked), else the generic 401.
 */
export async function recordFailure(
  ctx: AppContext,
  operatorId: string,
  stage: 'password' | 'totp' | 'enrolment',
  ip: string,
  pendingTokenHash: string | null,
  reason?: string,
): Promise<AppError> {
  const now = ctx.clock.now();
  const result = await ctx.db.tx(async (q) => {
    const r = await recordOperatorFailure(q, operatorId, now, MAX_FAILURES, LOCK_SECONDS);
    if (r.lockedNow && pendingTokenHash) await revokeOperatorSession(q, pendingTokenHash, now);
    await appendAudit(q, {
      operatorId,
      customerId: null,
      action: 'operator.login_failed',
      details: { stage, ip, ...(reason ? { reason } : {}), locked: r.lockedNow },
      at: now,
    });
    return r;
  });
  return result.lockedNow && result.lockedUntil ? accountLocked(result.lockedUntil) : invalidCredentials();
}

/**
 * Step two: the TOTP code (±1 step, never a step already used). Success replaces the pending
 * session by a fresh `active` one (new token: no fixation), clears the failure counters and audits
 * `operator.login`, all in one transaction.
 */
export async function totpLogin(
  ctx: AppContext,
  pendingToken: string | undefined,
  code: string,
  meta: { ip: string },
): Promise<{ token: string; operator: Operator }> {
  const noPending = () => new AppError('session_expired');
  if (!pendingToken || pendingToken.length > 100) throw noPending();
  const pendingHash = tokenHash(pendingToken);
  const pending = await pendingOperatorSession(ctx.db, pendingHash, ctx.clock.now());
  if (!pending) throw noPending();
  const operator = await operatorById(ctx.db, pending.operator_id);
  if (!operator || !canSignIn(operator) || !operator.totp_secret_sealed) throw noPending();
  if (isLocked(operator, ctx.clock.now())) throw accountLocked(operator.locked_until!);

  const secret = totpSealer(ctx).open(operator.totp_secret_sealed, operator.id);
  const now = ctx.clock.now();
  const step = matchTotpStep(secret, code, now);
  const token = newToken();
  const accepted = await ctx.db.tx(async (q) => {
    if (step === null || !(await claimTotpStep(q, operator.id, step, now))) return false;
    // One pending session yields at most one active session, even for two valid codes at once.
    if (!(await revokeOperatorSession(q, pendingHash, now))) throw noPending();
    await insertOperatorSession(q, {
      tokenHash: tokenHash(token),
      operatorId: operator.id,
      stage: 'active',
      now,
      expiresAt: new Date(now.getTime() + ctx.config.sessionAbsoluteSeconds * 1000),
      ip: meta.ip,
    });
    await appendAudit(q, {
      operatorId: operator.id,
      customerId: null,
      action: 'operator.login',
      details: { ip: meta.ip },
      at: now,
    });
    return true;
  });
  if (!accepted) {
    throw await recordFailure(
      ctx,
      operator.id,
      'totp',
      meta.ip,
      pendingHash,
      step === null ? 'wrong_code' : 'code_reused',
    );
  }
  return { token, operator: toOperator(operator) };
}

/**
 * Resolves the cookie of a request to a fully authenticated operator, sliding the idle window
 * (`operatorIdleSeconds`, 2 min) within the absolute lifetime (12 h). Throws 401 otherwise:
 * `session_expired` for an idle or too old session (revoked here, and audited), `second_factor_required`
 * for a password-only session, `unauthenticated` for anything else.
 */
export async function resolveOperatorSession(
  ctx: AppContext,
  token: string | undefined,
): Promise<OperatorPrincipal> {
  if (!token || token.length > 100) throw new AppError('unauthenticated');
  const hash = tokenHash(token);
  const now = ctx.clock.now();
  const row = await touchOperatorSession(
    ctx.db,
    hash,
    now,
    ctx.config.operatorIdleSeconds,
    ctx.config.sessionSlideStepSeconds,
  );
  if (row) {
    return {
      ...toOperator({ id: row.operator_id, email: row.email, name: row.name, role: row.role }),
      sessionTokenHash: hash,
      sessionExpiresAt: row.expires_at,
    };
  }
  const state = await operatorSessionState(ctx.db, hash);
  if (state && state.revoked_at === null && state.stage === 'password_ok' && state.expires_at > now) {
    throw new AppError('operator_second_factor_required');
  }
  if (state && state.revoked_at === null && state.stage === 'active') {
    const reason = state.expires_at <= now ? 'absolute' : 'idle';
    await ctx.db.tx(async (q) => {
      const revoked = await revokeOperatorSession(q, hash, now);
      if (revoked) {
        await appendAudit(q, {
          operatorId: state.operator_id,
          customerId: null,
          action: 'operator.session_expired',
          details: { reason },
          at: now,
        });
      }
    });
    throw reason === 'idle' ? new AppError('operator_session_idle') : new AppError('session_expired');
  }
  throw new AppError('unauthenticated');
}

/** Signs out: revokes the session (whatever its stage) and audits `operator.logout` for a full one. */
export async function logout(ctx: AppContext, token: string | undefined): Promise<void> {
  if (!token || token.length > 100) return;
  const now = ctx.clock.now();
  await ctx.db.tx(async (q) => {
    const revoked = await revokeOperatorSession(q, tokenHash(token), now);
    if (revoked?.stage === 'active') {
      await appendAudit(q, {
        operatorId: revoked.operator_id,
        customerId: null,
        action: 'operator.logout',
        details: {},
        at: now,
      });
    }
  });
}

/** Role check for a resolved operator. */
export function requireRole(
  operator: Pick<Operator, 'role'>,
  roles: readonly OperatorRole[] | undefined,
): void {
  if (roles && roles.length > 0 && !roles.includes(operator.role)) {
    throw new AppError('role_forbidden');
  }
}
