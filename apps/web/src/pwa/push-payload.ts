// What the service worker does with a push message: pure functions, bundled into sw.js by
// push-worker-plugin.ts (through push-worker.ts), tested in node. No import of the app here: the
// worker carries only this (no zod — the shape is checked by hand, the server made it).
import type { PushPayload } from '@comptoir/contracts';

/** The app's icons (apps/web/public/icons), shown with every notification. */
export const NOTIFICATION_ICON = '/icons/icon-192.png';
export const NOTIFICATION_BADGE = '/icons/icon-192.png';

const isText = (value: unknown): value is string => typeof value === 'string';

/**
 * A push message's text as a PushPayload (title, body, in-app path, tag), or null when it is not
 * one: not JSON, a field missing or not a text, a path that is not the app's own (`/…`, not `//…`).
 */
export function parsePushPayload(text: string | null | undefined): PushPayload | null {
  if (!text) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const { title, body, url, tag } = data as Record<string, unknown>;
  if (!isText(title) || !isText(body) || !isText(url) || !isText(tag) || title === '') return null;
  if (!isInAppPath(url)) return null;
  return { title, body, url, tag };
}

/** An absolute path of this site: `/carte?x=1`, never `//elsewhere.example` nor `/\elsewhere`. */
function isInAppPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}

/** What `registration.showNotification` takes for a payload: shown as it is, the path kept to open. */
export function notificationOptions(payload: PushPayload): NotificationOptions & { data: { url: string } } {
  return {
    body: payload.body,
    tag: payload.tag,
    data: { url: payload.url },
    icon: NOTIFICATION_ICON,
    badge: NOTIFICATION_BADGE,
    lang: 'fr',
  };
}

/**
 * The address a tapped notification opens: its in-app path on this origin, or the home page when
 * the notification carries none (or one that leads elsewhere).
 */
export function notificationTarget(data: unknown, origin: string): string {
  const url = typeof data === 'object' && data !== null ? (data as { url?: unknown }).url : undefined;
  if (!isText(url) || !isInAppPath(url)) return new URL('/', origin).href;
  const target = new URL(url, origin);
  return target.origin === origin ? target.href : new URL('/', origin).href;
}
