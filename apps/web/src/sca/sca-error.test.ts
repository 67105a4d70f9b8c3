import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { i18n } from '../i18n/i18n.ts';
import { lockedMessage, scaFailure } from './sca-error.ts';

const t = i18n.t.bind(i18n);
const problem = (init: Partial<ConstructorParameters<typeof ApiError>[0]>) =>
  new ApiError({ status: 400, code: 'validation_failed', detail: 'Détail du serveur.', ...init });

describe('SCA dialog failures', () => {
  it('sorts the server’s answers into what the dialog shows', () => {
    expect(scaFailure(t, problem({ status: 403, code: 'sca_enrolment_required' }))).toEqual({
      kind: 'enrolment',
    });
    expect(scaFailure(t, problem({ status: 401, code: 'sca_required' }))).toEqual({ kind: 'expired' });
    expect(scaFailure(t, problem({ status: 401, code: 'invalid_second_factor' }))).toEqual({
      kind: 'wrong',
      message: 'Code incorrect',
    });
    expect(scaFailure(t, problem({ status: 409, code: 'conflict', detail: 'Déjà confirmée.' }))).toEqual({
      kind: 'other',
      message: 'Déjà confirmée.',
    });
  });

  it('says when a lock ends, the same day by its time, another day with the date', () => {
    const now = new Date(2026, 10, 22, 20, 0);
    expect(lockedMessage(t, new Date(2026, 10, 22, 20, 15).toISOString(), now)).toBe(
      'Trop de codes incorrects : la confirmation forte est bloquée. Vous pourrez réessayer à partir de 20h15.',
    );
    expect(lockedMessage(t, new Date(2026, 10, 23, 0, 5).toISOString(), now)).toMatch(
      /réessayer le lundi 23 novembre à partir de 00h05\.$/,
    );
    expect(lockedMessage(t, undefined, now)).toMatch(/Réessayez dans quelques minutes/);
    const locked = scaFailure(t, problem({ status: 423, code: 'sca_locked', lockedUntil: 'pas une date' }));
    expect(locked).toEqual({ kind: 'locked', message: expect.stringMatching(/quelques minutes/) });
  });

  it('a passkey prompt the customer closes is not an error of the bank', () => {
    const cancelled = new DOMException(
      'The operation either timed out or was not allowed.',
      'NotAllowedError',
    );
    expect(scaFailure(t, cancelled)).toEqual({
      kind: 'passkey',
      message: expect.stringMatching(/clé d’accès/),
    });
  });
});
