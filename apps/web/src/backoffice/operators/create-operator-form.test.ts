import { describe, expect, it } from 'vitest';
import { zodResolver } from '@hookform/resolvers/zod';
import { frenchIssues } from '../../ui/zod-messages.ts';
import { createOperatorForm, EMPTY_OPERATOR, type CreateOperatorValues } from './create-operator-form.ts';

const NAME_INVALID = 'Indiquez un nom de 100 caractères au plus.';

/** What the « Nouvel opérateur » form's resolver answers: the request, or a message per field. */
async function resolve(values: Partial<CreateOperatorValues>) {
  const result = await zodResolver(createOperatorForm(NAME_INVALID), frenchIssues('Vérifiez ce champ.'))(
    { ...EMPTY_OPERATOR, email: 'lea.petit@comptoir.example', name: 'Léa Petit', ...values },
    undefined,
    { fields: {}, shouldUseNativeValidation: false },
  );
  return {
    request: result.values as Record<string, unknown>,
    errors: Object.fromEntries(Object.entries(result.errors).map(([field, e]) => [field, e?.message])),
  };
}

describe('« Nouvel opérateur » form', () => {
  it('sends the request without a password when left empty (the server generates one)', async () => {
    expect(await resolve({ email: ' Lea.Petit@Comptoir.example ', role: 'compliance' })).toEqual({
      request: { email: 'lea.petit@comptoir.example', name: 'Léa Petit', role: 'compliance' },
      errors: {},
    });
    const typed = await resolve({ password: 'tisane-du-soir-42' });
    expect(typed.request).toMatchObject({ password: 'tisane-du-soir-42' });
  });

  it('refuses a malformed e-mail address and a name too long, in French', async () => {
    const { errors } = await resolve({ email: 'lea.petit@', name: 'L'.repeat(101) });
    expect(errors).toEqual({ email: 'Veuillez entrer une adresse email valide.', name: NAME_INVALID });
  });

  it('refuses a typed password the server would refuse, with its reason', async () => {
    expect((await resolve({ password: 'court' })).errors).toEqual({
      password: 'Le mot de passe doit contenir au moins 12 caractères.',
    });
    expect((await resolve({ password: 'lea.petit-2026-secret' })).errors.password).toBe(
      'Le mot de passe ne doit pas contenir le nom de l’opérateur ni le début de son adresse e-mail (avant « @ »).',
    );
  });
});
