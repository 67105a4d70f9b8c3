import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContactRequest } from '@comptoir/contracts';
import { EMPTY_CONTACT, LIMITS, sendContact, validateContact, type ContactValues } from './contact-form.ts';

const complete: ContactValues = {
  name: 'Élise Dupont',
  company: 'Particulier',
  email: 'elise@exemple.fr',
  message: 'Bonjour, combien de temps faut-il pour ouvrir un compte ?',
  consent: true,
  website: '',
};

describe('validateContact', () => {
  it('accepts a complete form', () => {
    expect(validateContact(complete)).toEqual({});
  });

  it('says in French what is missing, field by field', () => {
    expect(validateContact({ ...EMPTY_CONTACT, name: '   ' })).toEqual({
      name: 'Veuillez indiquer votre nom.',
      company: 'Veuillez indiquer votre société, ou « Particulier ».',
      email: 'Veuillez indiquer votre adresse e-mail.',
      message: 'Veuillez écrire votre message.',
      consent: 'Veuillez accepter la politique de confidentialité pour envoyer votre message.',
    });
  });

  it.each(['elise@exemple', 'elise exemple.fr', '@exemple.fr', `${'a'.repeat(250)}@exemple.fr`])(
    'refuses the e-mail %s',
    (email) => {
      expect(validateContact({ ...complete, email }).email).toBe(
        'Veuillez entrer une adresse e-mail valide, par exemple nom@exemple.fr.',
      );
    },
  );

  it('counts the length after trimming, with the server’s limits', () => {
    expect(validateContact({ ...complete, name: ` ${'a'.repeat(LIMITS.name)} ` })).toEqual({});
    expect(validateContact({ ...complete, message: 'a'.repeat(LIMITS.message + 1) }).message).toBe(
      `Ce champ ne peut pas dépasser ${LIMITS.message} caractères.`,
    );
  });

  it('accepts only what the server’s contract accepts', () => {
    for (const values of [complete, { ...complete, company: 'a'.repeat(LIMITS.company) }]) {
      expect(validateContact(values)).toEqual({});
      expect(ContactRequest.safeParse({ ...values, fillTimeMs: 5_000 }).success).toBe(true);
    }
  });
});

describe('sendContact', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const answer = (response: Response | Error) => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => {
      if (response instanceof Error) throw response;
      return response;
    });
    vi.stubGlobal('fetch', fetch);
    return fetch;
  };

  it('posts the trimmed values, the fill time and the CSRF header', async () => {
    const fetch = answer(new Response('{}', { status: 201 }));
    expect(await sendContact({ ...complete, name: ' Élise Dupont ' }, 3_000.4)).toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/contact');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('x-requested-with')).toBe('comptoir');
    expect(JSON.parse(init.body as string)).toEqual({ ...complete, fillTimeMs: 3_000 });
  });

  it('shows the server’s French refusal', async () => {
    answer(
      Response.json(
        { status: 400, code: 'validation_failed', detail: 'Le formulaire a été envoyé trop vite.' },
        { status: 400 },
      ),
    );
    expect(await sendContact(complete, 5_000)).toEqual({
      ok: false,
      message: 'Le formulaire a été envoyé trop vite.',
    });
  });

  it('says the service is unreachable when the request fails', async () => {
    answer(new TypeError('Failed to fetch'));
    expect(await sendContact(complete, 5_000)).toEqual({
      ok: false,
      message:
        'L’envoi a échoué : le service est momentanément injoignable. Vérifiez votre connexion puis réessayez.',
    });
  });

  it('falls back to a generic French message for an answer that is not a problem', async () => {
    answer(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(await sendContact(complete, 5_000)).toEqual({
      ok: false,
      message: 'L’envoi a échoué. Veuillez réessayer dans quelques instants.',
    });
  });
});
