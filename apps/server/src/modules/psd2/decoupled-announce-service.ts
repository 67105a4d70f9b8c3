import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { publishPsd2Authorisation } from '../../events/index.ts';
import { authorisationFor } from './authorisation-context.ts';
import { decoupledEvent } from './decoupled-event.ts';
import { addressToNobody, resolveDecoupled } from './decoupled-queries.ts';

/** How many decoupled requests one pass resolves per transaction. */
const BATCH = 50;

/**
 * The decoupled approach's second half (docs/psd2.md#the-customers-side), a job: each new request
 * gets the customer its PSU-ID names, and reaches them in the app and by push when it concerns
 * their own accounts (the same visibility as the page's). The TPP's request itself did the same work
 * whoever it named — nobody, or someone whose accounts it does not concern, simply never sees it,
 * and it fails when its time runs out. Returns how many were resolved.
 */
export async function announceDecoupledAuthorisations(ctx: AppContext): Promise<number> {
  let total = 0;
  for (;;) {
    const resolved = await ctx.db.tx(async (q) => {
      const now = ctx.clock.now();
      const rows = await resolveDecoupled(q, now, BATCH);
      for (const row of rows) {
        if (!row.customer_id) continue;
        try {
          const found = await authorisationFor(q, row.customer_id, row.id);
          if (row.expires_at > now) {
            await publishPsd2Authorisation(q, row.customer_id, decoupledEvent(found, 'received'));
          }
        } catch (error) {
          if (!(error instanceof AppError && error.code === 'psd2_authorisation_not_found')) throw error;
          await addressToNobody(q, row.id);
        }
      }
      return rows.length;
    });
    total += resolved;
    if (resolved < BATCH) return total;
  }
}
