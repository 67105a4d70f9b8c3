import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LiveEvent, type Me } from '@comptoir/contracts';
import { queryKeys } from './query-keys.ts';

/**
 * Live updates for the signed-in customer (`GET /api/events`, Server-Sent Events, same origin,
 * session cookie). A status message different from what the app knows reloads `GET /api/me`, and
 * the router then shows the screen of the new status — the dashboard once the account is open.
 * EventSource reconnects by itself; the first message after each (re)connection is the current
 * status, so nothing is missed while the connection was down.
 */
export function useLiveStatus(enabled: boolean): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events', { withCredentials: true });

    source.onmessage = (message: MessageEvent<string>) => {
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      const event = LiveEvent.safeParse(data);
      if (!event.success) return;
      if (event.data.type === 'status') {
        const known = queryClient.getQueryData<Me | null>(queryKeys.me)?.status;
        if (known !== event.data.status) void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      }
    };

    // A refused connection (401: signed out) is not retried by the browser; ask /api/me what happened.
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      }
    };

    return () => source.close();
  }, [enabled, queryClient]);
}
