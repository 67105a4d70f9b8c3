import { differenceInCalendarDays, format, parseISO } from 'date-fns';
import { fr } from 'date-fns/locale';
import type { TFunction } from 'i18next';
import { isApiError } from '../api/api-error.ts';

/** What the confirmation dialog does with a failed call. */
export type ScaFailure =
  | { kind: 'enrolment' }
  | { kind: 'locked'; message: string }
  | { kind: 'expired' }
  | { kind: 'wrong'; message: string }
  | { kind: 'passkey'; message: string }
  | { kind: 'other'; message: string };

/** The unlock time as the login's lock message words it (« à partir de 20h15 », or with the day). */
export function lockedMessage(t: TFunction, lockedUntil: string | undefined, now = new Date()): string {
  if (!lockedUntil) return t('sca.lockedNoDate');
  const until = parseISO(lockedUntil);
  if (Number.isNaN(until.getTime())) return t('sca.lockedNoDate');
  const sameDay = differenceInCalendarDays(until, now) === 0;
  const when = format(until, sameDay ? t('login.lockedTimeFormat') : t('login.lockedDateFormat'), {
    locale: fr,
  });
  return t('sca.locked', { when });
}

/** Sorts a failure of a challenge, a verification or the browser's passkey prompt. */
export function scaFailure(t: TFunction, error: unknown): ScaFailure {
  if (error instanceof DOMException || (error instanceof Error && error.name === 'NotAllowedError')) {
    return { kind: 'passkey', message: t('sca.passkeyCancelled') };
  }
  if (!isApiError(error)) {
    if (error instanceof Error && /WebAuthn|navigator\.credentials/i.test(error.message)) {
      return { kind: 'passkey', message: t('sca.passkeyUnsupported') };
    }
    return { kind: 'other', message: t('errors.generic') };
  }
  switch (error.code) {
    case 'sca_enrolment_required':
      return { kind: 'enrolment' };
    case 'sca_locked':
      return { kind: 'locked', message: lockedMessage(t, error.lockedUntil) };
    case 'sca_required':
    case 'sca_challenge_expired':
      return { kind: 'expired' };
    case 'invalid_second_factor':
      return { kind: 'wrong', message: t('sca.wrongCode') };
    case 'unavailable':
      return { kind: 'other', message: t('errors.network') };
    default:
      return { kind: 'other', message: error.detail };
  }
}
