// Error codes thrown here: invalid_second_factor, sca_enrolment_required, sca_locked.
import { AppError } from '../../errors.ts';

const timeFr = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Luxembourg',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** A moment as the French messages write it: `22/11/2026` and `20:15`, Luxembourg time. */
export function frenchDateTime(at: Date): { date: string; time: string } {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    timeFr.formatToParts(at).find((p) => p.type === type)?.value ?? '';
  return {
    date: `${part('day')}/${part('month')}/${part('year')}`,
    time: `${part('hour')}:${part('minute')}`,
  };
}

export const isLocked = (until: Date | null, now: Date): until is Date => until !== null && until > now;

/** 5 consecutive wrong codes or assertions (challenges and login's second step) → 15 min lock. */
export const SCA_LOCK = { maxFailures: 5, lockSeconds: 15 * 60 } as const;

export function scaLocked(until: Date): AppError {
  const { date, time } = frenchDateTime(until);
  return new AppError('sca_locked', { date, time }, { lockedUntil: until.toISOString() });
}

export const wrongProof = () => new AppError('invalid_second_factor');

export const enrolmentRequired = () => new AppError('sca_enrolment_required');
