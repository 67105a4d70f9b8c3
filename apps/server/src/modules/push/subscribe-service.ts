import type { PushSubscriptionRequest } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { checkEndpoint } from './endpoint-check.ts';
import { dropQueuedForOtherCustomer, trimCustomerSubscriptions, upsertSubscription } from './queries.ts';

/**
 * The most devices a customer has push on: each message is sent once per device, so the bank never
 * sends more than this many requests for one event (a newer device pushes out the oldest).
 */
export const MAX_PUSH_DEVICES = 10;

const bytes = (base64url: string): Buffer => Buffer.from(base64url.replace(/=+$/, ''), 'base64url');

/**
 * The browser's keys must be what RFC 8291 encrypts for: an uncompressed P-256 point (65 bytes,
 * starting 0x04) and a 16-byte authentication secret; else no message could ever be made for it.
 */
function checkKeys(keys: PushSubscriptionRequest['keys']): void {
  const p256dh = bytes(keys.p256dh);
  if (p256dh.length !== 65 || p256dh[0] !== 4 || bytes(keys.auth).length !== 16)
    throw new AppError('push_keys_invalid');
}

/**
 * `POST /api/push/subscriptions`: turns push on for this device, or changes whether it shows
 * amounts. The endpoint is checked first (https on a public host; docs/customer-area.md#push-notifications-modulespush):
 * a refused one is never stored, so nothing is ever sent to it. The same endpoint given again is
 * updated; one that belonged to another customer (the device changed hands) moves to this one,
 * without what was still queued for the other.
 */
export async function subscribeDevice(
  ctx: AppContext,
  customerId: string,
  request: PushSubscriptionRequest,
): Promise<{ ok: true }> {
  await checkEndpoint(request.endpoint, { sandboxPushPort: ctx.config.sandboxPushPort });
  checkKeys(request.keys);
  await ctx.db.tx(async (q) => {
    await dropQueuedForOtherCustomer(q, customerId, request.endpoint);
    await upsertSubscription(
      q,
      customerId,
      {
        endpoint: request.endpoint,
        p256dh: request.keys.p256dh,
        auth: request.keys.auth,
        showAmounts: request.showAmounts ?? null,
      },
      ctx.clock.now(),
    );
    await trimCustomerSubscriptions(q, customerId, MAX_PUSH_DEVICES);
  });
  return { ok: true };
}
