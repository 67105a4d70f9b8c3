// Error codes thrown here: invalid_second_factor, sca_enrolment_required, sca_locked.
import { frenchDateTime } from '@comptoir/core';
import { AppError } from '../../errors.ts';

export const isLocked = (until: Date | null, now: Date): until is Date => until !== null && until > now;

/** 5 consecutive wrong codes or assertions (challenges and login's second step) → 15 min lock. */
export const SCA_LOCK = { maxFailures: 5, lockSeconds: 15 * 60 } as const;

export function scaLocked(until: Date): AppError {
  const { date, time } = frenchDateTime(until);
  return new AppError('sca_locked', { date, time }, { lockedUntil: until.toISOString() });
}

export const wrongProof = () => new AppError('invalid_second_factor');

export const enrolmentRequired = () => new AppError('sca_enrolment_required');
