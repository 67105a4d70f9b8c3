// Web Push in the service worker (docs/product/profile-and-security.md#push-notifications): shows
// each push message as the server wrote it, and a tap opens its page in the app. Bundled at the end
// of sw.js by push-worker-plugin.ts; runs in the worker's scope, never in a page.
import { notificationOptions, notificationTarget, parsePushPayload } from './push-payload.ts';

// The worker's own types (the web app compiles with the DOM library, not WebWorker's).
interface PushEventLike extends ExtendableEvent {
  data: { text(): string } | null;
}
interface NotificationEventLike extends ExtendableEvent {
  notification: Notification;
}
interface WindowClientLike {
  url: string;
  focus(): Promise<WindowClientLike>;
  navigate(url: string): Promise<WindowClientLike | null>;
}
interface WorkerScope {
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEventLike) => void): void;
}
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

const scope = self as unknown as WorkerScope;

scope.addEventListener('push', (event) => {
  let text: string | null;
  try {
    text = event.data?.text() ?? null;
  } catch {
    text = null;
  }
  const payload = parsePushPayload(text);
  // A message that is not ours is not shown (nothing made by someone else reaches the screen).
  if (!payload) return;
  event.waitUntil(scope.registration.showNotification(payload.title, notificationOptions(payload)));
});

scope.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const origin = scope.location.origin;
  const target = notificationTarget(event.notification.data, origin);
  event.waitUntil(
    (async () => {
      const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === origin);
      if (open) {
        try {
          const focused = await open.focus();
          // A window this worker does not control cannot be navigated: a new one opens instead.
          if (await focused.navigate(target)) return;
        } catch {
          // Falls through to a new window.
        }
      }
      await scope.clients.openWindow(target);
    })(),
  );
});
