import { useEffect, useState } from 'react';
import type { NotificationData, NotificationsProps } from '@mantine/notifications';
import { preloadable } from './preloadable.tsx';

/**
 * Mantine's toasts, with their transitions and drag-to-dismiss, in a chunk of their own: no screen
 * needs them to show. The container is fetched with the first toast, or before when a screen
 * preloads it (`usePreload(preloadToasts)`: the customer area's shell, once shown and idle); a
 * toast shows as soon as it is there.
 */
const load = () => import('./toast-container.ts');
const container = preloadable(() => load().then((m) => m.Notifications));

const waiting = new Set<() => void>();

/** Fetches the container (once) and shows it. */
export function preloadToasts(): Promise<void> {
  return container.preload().then(() => {
    for (const show of waiting) show();
  });
}

/** Shows a toast, once the container is there. */
export function showToast(toast: NotificationData): void {
  void preloadToasts()
    .then(load)
    .then(({ notifications }) => notifications.show(toast))
    .catch(() => undefined);
}

export function ToastHost(props: NotificationsProps) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const show = () => setShown(true);
    waiting.add(show);
    return () => {
      waiting.delete(show);
    };
  }, []);
  return shown ? <container.Component {...props} /> : null;
}
