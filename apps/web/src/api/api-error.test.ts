import { describe, expect, it } from 'vitest';
import { ApiError, isApiError, problemToApiError } from './api-error.ts';

describe('problemToApiError', () => {
  it('reads a problem document', () => {
    const error = problemToApiError(
      423,
      {
        status: 423,
        code: 'account_locked',
        detail: 'Compte verrouillé.',
        lockedUntil: '2026-01-05T10:00:00.000Z',
      },
      'Erreur',
    );
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({
      status: 423,
      code: 'account_locked',
      detail: 'Compte verrouillé.',
      lockedUntil: '2026-01-05T10:00:00.000Z',
      retryAfterSeconds: undefined,
    });
  });

  it('keeps the retry delay of a rate limit', () => {
    const error = problemToApiError(
      429,
      { code: 'rate_limited', detail: 'Patientez.', retryAfterSeconds: 90 },
      '',
    );
    expect(error.retryAfterSeconds).toBe(90);
  });

  it.each([
    [401, 'unauthenticated'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [409, 'conflict'],
    [413, 'payload_too_large'],
    [400, 'validation_failed'],
    [422, 'validation_failed'],
    [429, 'rate_limited'],
    [503, 'unavailable'],
    [0, 'unavailable'],
    [500, 'internal_error'],
  ] as const)('falls back on the status (%i → %s) when the body has no known code', (status, code) => {
    const error = problemToApiError(status, { code: 'not_a_code' }, 'Une erreur est survenue.');
    expect(error.code).toBe(code);
    expect(error.detail).toBe('Une erreur est survenue.');
  });

  it.each([null, 'Bad gateway', { detail: '   ' }, { detail: 42 }])(
    'uses the fallback message when the body gives none (%j)',
    (body) => {
      expect(problemToApiError(502, body, 'Service indisponible.').detail).toBe('Service indisponible.');
    },
  );

  it('ignores fields of the wrong type', () => {
    const error = problemToApiError(423, { lockedUntil: 12, retryAfterSeconds: '60' }, 'x');
    expect([error.lockedUntil, error.retryAfterSeconds]).toEqual([undefined, undefined]);
  });
});

describe('isApiError', () => {
  it('tells an API error from any other error', () => {
    expect(isApiError(new ApiError({ status: 0, code: 'unavailable', detail: 'Hors ligne' }))).toBe(true);
    expect(isApiError(new Error('boom'))).toBe(false);
    expect(isApiError({ code: 'unavailable' })).toBe(false);
  });
});
