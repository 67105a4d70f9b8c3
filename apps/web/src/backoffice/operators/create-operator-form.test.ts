import { describe, expect, it } from 'vitest';
import { zodResolver } from '@hookform/resolvers/zod';
import { frenchIssues } from '../../ui/zod-messages.ts';
import { createOperatorForm, EMPTY_OPERATOR, type CreateOperatorValues } from './create-operator-form.ts';

const NAME_INVALID = 'Indiquez un nom de 100 caractères au plus.';

/** What the « Inviter un opérateur » form's resolver answers: the request, or a message per field. */
async function resolve(values: Partial<CreateOperatorValues> & Record<string, unknown>) {
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

describe('« Inviter un opérateur » form', () => {
  it('sends an address, a name and a role — never a password', async () => {
    expect(await resolve({ email: ' Lea.Petit@Comptoir.example ', role: 'compliance' })).toEqual({
      request: { email: 'lea.petit@comptoir.example', name: 'Léa Petit', role: 'compliance' },
      errors: {},
    });
    expect((await resolve({ password: 'tisane-du-soir-42' })).request).not.toHaveProperty('password');
  });

  it('refuses a malformed e-mail address and a name too long, in French', async () => {
    const { errors } = await resolve({ email: 'lea.petit@', name: 'L'.repeat(101) });
    expect(errors).toEqual({ email: 'Veuillez entrer une adresse email valide.', name: NAME_INVALID });
  });
});
