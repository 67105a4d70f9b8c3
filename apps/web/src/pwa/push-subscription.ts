import type { PushSubscriptionRequest } from '@comptoir/contracts';

/** How long to wait for the service worker before saying the app is not ready for push. */
const WORKER_WAIT_MS = 10_000;

/** How long the browser's push service may take to subscribe before the attempt counts as failed. */
const SUBSCRIBE_WAIT_MS = 15_000;

/** A base64url text (RFC 4648 §5, padding optional) as its bytes: the VAPID key `subscribe` takes. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const unpadded = text.replace(/={0,2}$/, '');
  if (!/^[A-Za-z0-9_-]*$/.test(unpadded) || unpadded.length % 4 === 1) throw new Error('not base64url');
  const base64 = unpadded.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** What this browser allows: no push at all, push refused by the person, or push still possible. */
export type PushSupport = 'unsupported' | 'denied' | 'default' | 'granted';

export function pushSupport(): PushSupport {
  if (
    typeof navigator === 'undefined' ||
    !('serviceWorker' in navigator) ||
    typeof PushManager === 'undefined' ||
    typeof Notification === 'undefined'
  )
    return 'unsupported';
  return Notification.permission;
}

/** The body of `POST /api/push/subscriptions` from the browser's `PushSubscription.toJSON()`. */
export function subscriptionRequest(
  json: PushSubscriptionJSON,
  showAmounts: boolean,
): PushSubscriptionRequest {
  const { endpoint, keys } = json;
  if (!endpoint || !keys?.['p256dh'] || !keys['auth']) throw new Error('incomplete push subscription');
  return { endpoint, keys: { p256dh: keys['p256dh'], auth: keys['auth'] }, showAmounts };
}

/** The app's service worker registration (the worker registers it on load), or null after a wait. */
export async function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  const existing = await navigator.serviceWorker.getRegistration();
  if (existing) return existing;
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => window.setTimeout(() => resolve(null), WORKER_WAIT_MS)),
  ]);
}

/** This device's push subscription, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Subscribes this device with the bank's key. A subscription made with another key (the bank's key
 * changed) is dropped first: the browser refuses a second key for the same worker.
 */
export async function subscribe(
  registration: ServiceWorkerRegistration,
  publicKey: string,
): Promise<PushSubscription> {
  const applicationServerKey = base64UrlToBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && !sameKey(existing.options.applicationServerKey, applicationServerKey))
    await existing.unsubscribe();
  // A browser without a reachable push service may never answer: give up after a while.
  return Promise.race([
    registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }),
    new Promise<never>((_, reject) =>
      window.setTimeout(() => reject(new Error('push service timeout')), SUBSCRIBE_WAIT_MS),
    ),
  ]);
}

function sameKey(current: ArrayBuffer | null, wanted: Uint8Array): boolean {
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === wanted.length && bytes.every((byte, i) => byte === wanted[i]);
}
