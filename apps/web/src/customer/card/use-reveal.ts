import { useCallback, useEffect, useState } from 'react';
import { CARD_REVEAL_SECONDS, type CardDetails } from '@comptoir/contracts';
import { secondsLeft } from './card-view.ts';

interface Revealed {
  details: CardDetails;
  /** Browser time (ms) at which the details hide: 60 s after they arrived. */
  hideAt: number;
}

/**
 * The revealed details of one card, held in this component's state only (never the query cache or
 * storage), hidden by a timer 60 s after they arrived, or at once by `hide`, or when the screen
 * leaves or shows another card. The browser's own clock counts, so a clock ahead or behind the
 * server's never shortens or stretches the 60 s.
 */
export function useReveal(cardId: string | null) {
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!revealed) return;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    const hide = setTimeout(() => setRevealed(null), Math.max(0, revealed.hideAt - Date.now()));
    return () => {
      clearInterval(tick);
      clearTimeout(hide);
    };
  }, [revealed]);

  const show = useCallback((details: CardDetails) => {
    const at = Date.now();
    setNow(at);
    setRevealed({ details, hideAt: at + CARD_REVEAL_SECONDS * 1000 });
  }, []);

  const hide = useCallback(() => setRevealed(null), []);

  const current = revealed && revealed.details.cardId === cardId ? revealed : null;
  return {
    details: current?.details ?? null,
    seconds: current ? secondsLeft(current.hideAt, now) : 0,
    show,
    hide,
  };
}
