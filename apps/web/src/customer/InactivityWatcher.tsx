import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { lastApiContact } from '../api/client.ts';
import { queryKeys } from '../api/query-keys.ts';
import { useLogout, useMe } from '../api/session.ts';
import { preloadable, usePreload } from '../ui/preloadable.tsx';
import { useMountedOnceOpen } from '../ui/use-mounted-once-open.ts';
import { idlePhase, REFRESH_EVERY_MS } from './idle-timing.ts';

// The warning dialog is a chunk of its own, fetched once the area is shown (long before it is due).
const { Component: IdleWarningDialog, preload } = preloadable(() =>
  import('./IdleWarningDialog.tsx').then((m) => m.IdleWarningDialog),
);

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart', 'wheel'] as const;
const DEFAULT_IDLE_SECONDS = 300;

/**
 * docs/product/profile-and-security.md#sign-in-and-sessions. The server signs an idle customer out after `idleTimeoutSeconds`; here, activity
 * (mouse, keys, scroll, touch) renews the session with `GET /api/session` at most once a minute, and
 * one minute before the end a modal offers « Rester connecté ».
 */
export function InactivityWatcher() {
  usePreload(preload);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = useLogout();
  const { data: me } = useMe();
  const idleSeconds = me?.idleTimeoutSeconds ?? DEFAULT_IDLE_SECONDS;
  const [warning, setWarning] = useState(false);
  const warningRef = useRef(false);
  const expiredChecked = useRef(false);

  const refreshSession = useCallback(
    () => queryClient.refetchQueries({ queryKey: queryKeys.me, exact: true }),
    [queryClient],
  );

  // Activity renews the server session, throttled; while the warning shows only the button does.
  useEffect(() => {
    const onActivity = () => {
      if (warningRef.current) return;
      if (Date.now() - lastApiContact() >= REFRESH_EVERY_MS) void refreshSession();
    };
    for (const type of ACTIVITY_EVENTS) {
      window.addEventListener(type, onActivity, { passive: true, capture: true });
    }
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
    };
  }, [refreshSession]);

  useEffect(() => {
    const tick = () => {
      const phase = idlePhase(Date.now(), lastApiContact() || Date.now(), idleSeconds);
      if (phase === 'expired') {
        // The server has signed us out: asking it says so (`me: null`), and the app goes to /connexion.
        if (!expiredChecked.current) {
          expiredChecked.current = true;
          void refreshSession();
        }
        return;
      }
      expiredChecked.current = false;
      const warn = phase === 'warn';
      if (warn !== warningRef.current) {
        warningRef.current = warn;
        setWarning(warn);
      }
    };
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [idleSeconds, refreshSession]);

  const stay = () => void refreshSession();
  const leave = () => logout.mutate(undefined, { onSettled: () => void navigate('/', { replace: true }) });

  const mounted = useMountedOnceOpen(warning);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <IdleWarningDialog opened={warning} onStay={stay} onLeave={leave} leaving={logout.isPending} />
    </Suspense>
  );
}
