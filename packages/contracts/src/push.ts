// Web Push (RFC 8030 delivery, RFC 8291 message encryption, RFC 8292 VAPID; docs/product/profile-and-security.md#push-notifications).
//
// The customer turns push on per device on /profil: the browser subscribes with the bank's VAPID
// public key and gives the server its push service's endpoint and keys. The server only ever sends
// to an endpoint it checked when the subscription was made: https on a public host (in the sandbox,
// http://127.0.0.1 too, for tests). A locked screen shows no amount unless the customer asked for it
// on that device.
import { z } from 'zod';
import { IsoDateTime, text } from './common.ts';

const Base64Url = text()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Valeur base64url attendue.');

/** `GET /api/push/public-key`: the VAPID public key (base64url, uncompressed P-256 point). */
export const PushPublicKey = z.object({ publicKey: z.string() }).meta({ id: 'PushPublicKey' });
export type PushPublicKey = z.infer<typeof PushPublicKey>;

export const PushEndpoint = text().trim().min(1).max(2048);

/** `POST /api/push/subscriptions`: this device's subscription (the browser's `PushSubscription.toJSON()`). */
export const PushSubscriptionRequest = z
  .object({
    endpoint: PushEndpoint,
    keys: z.object({ p256dh: Base64Url, auth: Base64Url }),
    /** Show amounts in this device's notifications (off by default: a locked screen shows none). */
    showAmounts: z.boolean().optional(),
  })
  .meta({ id: 'PushSubscriptionRequest' });
export type PushSubscriptionRequest = z.infer<typeof PushSubscriptionRequest>;

/** `DELETE /api/push/subscriptions`: turn push off on this device. */
export const PushUnsubscribeRequest = z
  .object({ endpoint: PushEndpoint })
  .meta({ id: 'PushUnsubscribeRequest' });
export type PushUnsubscribeRequest = z.infer<typeof PushUnsubscribeRequest>;

/** One of the customer's devices with push on. */
export const PushDevice = z
  .object({
    endpoint: z.string(),
    showAmounts: z.boolean(),
    createdAt: IsoDateTime,
  })
  .meta({ id: 'PushDevice' });
export type PushDevice = z.infer<typeof PushDevice>;
export const PushDeviceList = z.object({ items: z.array(PushDevice) }).meta({ id: 'PushDeviceList' });
export type PushDeviceList = z.infer<typeof PushDeviceList>;

/**
 * What a push message carries once decrypted, for the service worker to show as it is: French text
 * made by the server, the in-app path a tap opens, and a tag (a newer message with the same tag
 * replaces the older one).
 */
export const PushPayload = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string().startsWith('/'),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof PushPayload>;
