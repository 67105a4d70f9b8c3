import type { AppContext } from '../../context.ts';
import { deleteCustomerSubscription } from './queries.ts';

/**
 * `DELETE /api/push/subscriptions`: turns push off for this device, with what was still queued for
 * it. Only the acting customer's own subscription: another customer's endpoint is left alone, and
 * the answer is the same either way.
 */
export async function unsubscribeDevice(
  ctx: AppContext,
  customerId: string,
  endpoint: string,
): Promise<{ ok: true }> {
  await deleteCustomerSubscription(ctx.db, customerId, endpoint);
  return { ok: true };
}
