import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '../../api/api-error.ts';
import { i18n } from '../../i18n/i18n.ts';

/** Card errors stay 5 s (docs/product/banking-rules.md), then clear by themselves. */
export const CARD_ERROR_MS = 5000;

/** The message of « Erreur : {message} » under the card, and the way to show one (from an error). */
export function useCardError(): { message: string | null; show: (error: unknown) => void } {
  const [shown, setShown] = useState<{ message: string; at: number } | null>(null);

  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), CARD_ERROR_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  const show = useCallback((error: unknown) => {
    const message = isApiError(error) ? error.detail : i18n.t('errors.generic');
    // A new object each time: the same message again restarts its 5 s.
    setShown({ message, at: Date.now() });
  }, []);

  return { message: shown?.message ?? null, show };
}
