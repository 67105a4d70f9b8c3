import { AppError } from '../../errors.ts';
import { frenchDateTime } from '../auth/lockout.ts';

/** 5 consecutive wrong codes or assertions (challenges and login's second step) → 15 min lock. */
export const SCA_LOCK = { maxFailures: 5, lockSeconds: 15 * 60 } as const;

export function scaLocked(until: Date): AppError {
  const { date, time } = frenchDateTime(until);
  return new AppError(
    'sca_locked',
    423,
    `Trop de codes incorrects : l’authentification forte est bloquée. Réessayez après le ${date} à ${time} (heure de Luxembourg).`,
    { lockedUntil: until.toISOString() },
  );
}

export const wrongProof = () =>
  new AppError(
    'invalid_second_factor',
    401,
    'Code incorrect. Vérifiez le code affiché par votre application.',
  );

export const enrolmentRequired = () =>
  new AppError(
    'sca_enrolment_required',
    403,
    'Ajoutez d’abord une application d’authentification ou une clé d’accès dans « Préférences et sécurité » de votre profil.',
  );
