import type { CustomerSessionList } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import type { CustomerSession } from '../../http/customer-principal.ts';
import { describeUserAgent } from './device.ts';
import { liveSessions } from './queries.ts';

/** `GET /api/me/sessions`: the acting customer's live sessions, never a token or its hash. */
export async function listSessions(ctx: AppContext, session: CustomerSession): Promise<CustomerSessionList> {
  const rows = await liveSessions(
    ctx.db,
    session.customerId,
    ctx.clock.now(),
    ctx.config.customerIdleSeconds,
    session.tokenHash,
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      current: r.current,
      ...describeUserAgent(r.user_agent),
      createdAt: r.created_at.toISOString(),
      lastSeenAt: r.last_seen_at.toISOString(),
    })),
  };
}
