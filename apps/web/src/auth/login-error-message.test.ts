import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { useLoginErrorMessage } from './login-error-message.ts';

// The messages of fr.json, without React: `useTranslation` only hands out `t`.
vi.mock('react-i18next', async () => {
  const { default: i18next } = await import('i18next');
  const { default: fr } = await import('../i18n/fr.json');
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'fr',
    resources: { fr: { translation: fr } },
    interpolation: { escapeValue: false },
  });
  return { useTranslation: () => ({ t: i18n.t.bind(i18n) }) };
});

const problem = (init: Partial<ConstructorParameters<typeof ApiError>[0]>) =>
  new ApiError({ status: 400, code: 'validation_failed', detail: 'Détail du serveur.', ...init });

const locked = 'Votre compte est temporairement verrouillé après plusieurs tentatives infructueuses.';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 0, 5, 9, 30)); // a Monday
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useLoginErrorMessage', () => {
  it('shows nothing without an error, the generic message for a non-API error', () => {
    expect(useLoginErrorMessage(null)).toBeNull();
    expect(useLoginErrorMessage(new Error('boom'))).toMatch(/\S/);
    expect(useLoginErrorMessage(new Error('boom'))).not.toContain('boom');
  });

  it('says the credentials are wrong without telling which', () => {
    expect(useLoginErrorMessage(problem({ status: 401, code: 'invalid_credentials' }))).toBe(
      'Identifiants incorrects. Vous venez d’ouvrir votre compte ? Confirmez d’abord votre adresse e-mail avec le lien reçu.',
    );
  });

  it('gives the time a lock ends today, and the day when it is another day', () => {
    const today = new Date(2026, 0, 5, 14, 5).toISOString();
    const tomorrow = new Date(2026, 0, 6, 8, 0).toISOString();
    expect(useLoginErrorMessage(problem({ code: 'account_locked', lockedUntil: today }))).toBe(
      `${locked} Vous pourrez réessayer à partir de 14h05.`,
    );
    expect(useLoginErrorMessage(problem({ code: 'account_locked', lockedUntil: tomorrow }))).toBe(
      `${locked} Vous pourrez réessayer le mardi 6 janvier à partir de 08h00.`,
    );
  });

  it.each([undefined, 'pas une date'])(
    'says « plus tard » for a lock without a readable end (%s)',
    (until) => {
      expect(useLoginErrorMessage(problem({ code: 'account_locked', lockedUntil: until }))).toBe(
        `${locked} Réessayez plus tard.`,
      );
    },
  );

  it('rounds a rate limit up to whole minutes, at least one', () => {
    const message = (retryAfterSeconds?: number) =>
      useLoginErrorMessage(problem({ status: 429, code: 'rate_limited', retryAfterSeconds }));
    expect(message(30)).toBe(
      'Trop de tentatives de connexion. Veuillez patienter 1 minute avant de réessayer.',
    );
    expect(message(61)).toBe(
      'Trop de tentatives de connexion. Veuillez patienter 2 minutes avant de réessayer.',
    );
    expect(message()).toBe(
      'Trop de tentatives de connexion. Veuillez patienter quelques minutes avant de réessayer.',
    );
  });

  it('shows the server’s own French detail for any other refusal', () => {
    expect(useLoginErrorMessage(problem({ code: 'forbidden', detail: 'Accès refusé.' }))).toBe(
      'Accès refusé.',
    );
  });
});
