import type { Queryable } from '../../db/types.ts';
import { subscribe, type EventSubscriber } from '../../events/index.ts';
import {
  authenticationPayloads,
  notificationPayloads,
  psd2AuthorisationPayloads,
  type PayloadPair,
} from './payloads.ts';
import { queueForCustomer } from './queries.ts';

/** How long a notification's push message is worth delivering (a phone off for the night still gets it). */
export const NOTIFICATION_TTL_SECONDS = 24 * 3600;
/** How long a 3-D Secure message is worth delivering: the request itself lasts 10 minutes. */
export const AUTHENTICATION_TTL_SECONDS = 600;

async function queue(
  now: Date,
  q: Queryable,
  customerId: string,
  payloads: PayloadPair,
  urgency: 'normal' | 'high',
  expiresAt: Date,
): Promise<void> {
  await queueForCustomer(
    q,
    customerId,
    {
      withAmounts: JSON.stringify(payloads.withAmounts),
      withoutAmounts: JSON.stringify(payloads.withoutAmounts),
      urgency,
      expiresAt,
    },
    now,
  );
}

/** A notification just kept goes to each of the customer's devices, in the transaction that kept it. */
export const pushNotification: EventSubscriber<'notification'> = async (ctx, q, customerId, event) => {
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + NOTIFICATION_TTL_SECONDS * 1000);
  await queue(now, q, customerId, notificationPayloads(event.notification), 'normal', expiresAt);
};

/**
 * A 3-D Secure request goes out at high urgency and lives no longer than the request; its decision
 * or expiry replaces it (same tag) on every device.
 */
export const pushCardAuthentication: EventSubscriber<'card_authentication'> = async (
  ctx,
  q,
  customerId,
  event,
) => {
  const payloads = authenticationPayloads(event.authentication);
  if (!payloads) return;
  const now = ctx.clock.now();
  const ttlEnd = now.getTime() + AUTHENTICATION_TTL_SECONDS * 1000;
  const pending = event.authentication.status === 'pending';
  const requestEnd = new Date(event.authentication.expiresAt).getTime();
  const expiresAt = new Date(pending ? Math.min(ttlEnd, requestEnd) : ttlEnd);
  if (expiresAt.getTime() <= now.getTime()) return;
  await queue(now, q, customerId, payloads, pending ? 'high' : 'normal', expiresAt);
};

/**
 * A TPP's request to decide in the app goes out at high urgency and lives no longer than the
 * request; its decision or expiry replaces it (same tag).
 */
export const pushPsd2Authorisation: EventSubscriber<'psd2_authorisation'> = async (
  ctx,
  q,
  customerId,
  event,
) => {
  const now = ctx.clock.now();
  const pending = event.authorisation.status === 'received';
  const ttlEnd = now.getTime() + AUTHENTICATION_TTL_SECONDS * 1000;
  const requestEnd = new Date(event.authorisation.expiresAt).getTime();
  const expiresAt = new Date(pending ? Math.min(ttlEnd, requestEnd) : ttlEnd);
  if (expiresAt.getTime() <= now.getTime()) return;
  await queue(
    now,
    q,
    customerId,
    psd2AuthorisationPayloads(event.authorisation),
    pending ? 'high' : 'normal',
    expiresAt,
  );
};

/** Sends push messages for kept notifications, 3-D Secure requests and TPPs' requests (idempotent). */
export function subscribePush(): void {
  subscribe('notification', pushNotification);
  subscribe('card_authentication', pushCardAuthentication);
  subscribe('psd2_authorisation', pushPsd2Authorisation);
}
