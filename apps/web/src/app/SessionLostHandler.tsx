import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Me } from '@comptoir/contracts';
import { setSessionLostHandler } from '../api/client.ts';
import { queryKeys } from '../api/query-keys.ts';
import { clearLocalSession } from '../api/session.ts';
import { notifyInfo } from '../ui/toasts.ts';
import { paths } from './paths.ts';

/** When any call says the customer session is gone while signed in: back to /connexion, with a word. */
export function SessionLostHandler() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation();

  useEffect(() => {
    setSessionLostHandler(() => {
      if (!queryClient.getQueryData<Me | null>(queryKeys.me)) return; // already signed out
      clearLocalSession(queryClient);
      notifyInfo(t('session.expired'));
      void navigate(paths.login, { replace: true });
    });
    return () => setSessionLostHandler(null);
  }, [queryClient, navigate, t]);

  return null;
}
