import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { lastOperatorContact, operatorLogout, touchOperatorSession } from '../../api/backoffice-session.ts';
import { idleState } from './idle.ts';

const ACTIVITY_EVENTS = [
  'mousemove',
  'mousedown',
  'click',
  'keydown',
  'scroll',
  'wheel',
  'touchstart',
] as const;

/**
 * docs/product/back-office.md#sign-in: `idleSeconds` (2 minutes) without a mouse move, key press, click or scroll signs the
 * operator out — on the server too — and says why. While the operator is active but not calling
 * the API, activity slides the server's idle window (a `GET /auth/me`, at most every third of it);
 * nothing calls the server on a timer, so an idle operator really is idle for the server as well.
 */
export function OperatorInactivity({ idleSeconds }: { idleSeconds: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // The last activity seen: set when the watch first starts (in the effect, not during render), and
  // kept when the effect runs again (a new `t` once a translation loads is no activity).
  const lastActivity = useRef(0);
  const lastTouch = useRef(0);
  const signingOut = useRef(false);

  useEffect(() => {
    if (lastActivity.current === 0) lastActivity.current = Date.now();
    let pointer: { x: number; y: number } | null = null;
    const onActivity = (event: Event) => {
      if (signingOut.current) return;
      // The browser also sends a `mousemove` when the page changes under a mouse left still (a
      // panel that finishes loading): only a pointer that moved is the operator's activity.
      if (event instanceof MouseEvent && event.type === 'mousemove') {
        const moved = pointer === null || pointer.x !== event.screenX || pointer.y !== event.screenY;
        pointer = { x: event.screenX, y: event.screenY };
        if (!moved) return;
      }
      const now = Date.now();
      lastActivity.current = now;
      if (
        idleState(now, lastActivity.current, Math.max(lastOperatorContact(), lastTouch.current), idleSeconds)
          .touch
      ) {
        lastTouch.current = now;
        void touchOperatorSession(queryClient);
      }
    };
    for (const type of ACTIVITY_EVENTS) {
      window.addEventListener(type, onActivity, { passive: true, capture: true });
    }
    const timer = window.setInterval(() => {
      if (signingOut.current) return;
      const now = Date.now();
      if (idleState(now, lastActivity.current, lastOperatorContact(), idleSeconds).expired) {
        signingOut.current = true;
        void operatorLogout(queryClient, t('backoffice.inactivity'));
      }
    }, 1000);
    return () => {
      window.clearInterval(timer);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
    };
  }, [idleSeconds, queryClient, t]);

  return null;
}
