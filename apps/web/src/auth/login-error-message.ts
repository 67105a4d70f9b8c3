import { differenceInCalendarDays, format, parseISO } from 'date-fns';
import { fr } from 'date-fns/locale';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error.ts';

/** The one message shown under the login form for a failed attempt. */
export function useLoginErrorMessage(error: unknown): string | null {
  const { t } = useTranslation();
  if (!error) return null;
  if (!isApiError(error)) return t('errors.generic');

  switch (error.code) {
    case 'invalid_credentials':
      return t('login.invalidCredentials');
    case 'account_locked': {
      if (!error.lockedUntil) return t('login.lockedNoDate');
      const until = parseISO(error.lockedUntil);
      if (Number.isNaN(until.getTime())) return t('login.lockedNoDate');
      const sameDay = differenceInCalendarDays(until, new Date()) === 0;
      const when = format(until, sameDay ? t('login.lockedTimeFormat') : t('login.lockedDateFormat'), {
        locale: fr,
      });
      return t('login.locked', { when });
    }
    case 'rate_limited':
      return error.retryAfterSeconds
        ? t('login.rateLimitedFor', { count: Math.max(1, Math.ceil(error.retryAfterSeconds / 60)) })
        : t('login.rateLimited');
    case 'unavailable':
      return t('errors.network');
    default:
      return error.detail;
  }
}
