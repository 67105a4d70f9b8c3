import type { AppContext } from '../../context.ts';
import { newToken, tokenHash } from '../../crypto/seal.ts';
import type { CustomerSession } from '../../http/customer-principal.ts';
import {
  insertCustomerSession,
  revokeAllCustomerSessions,
  revokeCustomerSession,
  touchCustomerSession,
} from './session-queries.ts';
import type { Queryable } from '../../db/types.ts';
import type { SessionStage } from './session-queries.ts';
import { publishSessionsChanged } from '../../events/index.ts';

/** Opens a server-side session; the browser only ever holds the random token (we store its hash). */
export async function openCustomerSession(
  ctx: AppContext,
  q: Queryable,
  customerId: string,
  meta: { ip: string; userAgent: string; stage?: SessionStage },
): Promise<{ token: string; tokenHash: string; expiresAt: Date }> {
  const token = newToken();
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + ctx.config.sessionAbsoluteSeconds * 1000);
  const hash = tokenHash(token);
  await insertCustomerSession(q, { tokenHash: hash, customerId, now, expiresAt, ...meta });
  return { token, tokenHash: hash, expiresAt };
}

/** Resolves a cookie token to a live session, sliding the 5-minute idle window; null when expired. */
export async function resolveCustomerSession(
  ctx: AppContext,
  token: string | undefined,
): Promise<CustomerSession | null> {
  if (!token || token.length > 100) return null;
  const hash = tokenHash(token);
  const row = await touchCustomerSession(
    ctx.db,
    hash,
    ctx.clock.now(),
    ctx.config.customerIdleSeconds,
    ctx.config.sessionSlideStepSeconds,
  );
  return row
    ? {
        customerId: row.customer_id,
        status: row.status,
        expiresAt: row.expires_at,
        tokenHash: hash,
        stage: row.stage,
      }
    : null;
}

export async function closeCustomerSession(ctx: AppContext, token: string | undefined): Promise<void> {
  if (token) await revokeCustomerSession(ctx.db, tokenHash(token), ctx.clock.now());
}

/** Signs the customer out everywhere; their open live streams are told at commit and end. */
export async function closeAllCustomerSessions(
  ctx: AppContext,
  q: Queryable,
  customerId: string,
): Promise<void> {
  await revokeAllCustomerSessions(q, customerId, ctx.clock.now());
  await publishSessionsChanged(q, customerId);
}
