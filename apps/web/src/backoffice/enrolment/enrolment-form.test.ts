import { describe, expect, it } from 'vitest';
import { zodResolver } from '@hookform/resolvers/zod';
import { frenchIssues } from '../../ui/zod-messages.ts';
import { EMPTY_ENROLMENT, enrolmentForm } from './enrolment-form.ts';

const who = { email: 'lea.petit@comptoir.example', name: 'Léa Petit' };

async function resolve(choosesPassword: boolean, values: { password?: string; code?: string }) {
  const result = await zodResolver(
    enrolmentForm({ ...who, choosesPassword }),
    frenchIssues('Vérifiez ce champ.'),
  )({ ...EMPTY_ENROLMENT, ...values }, undefined, { fields: {}, shouldUseNativeValidation: false });
  return {
    request: result.values as Record<string, unknown>,
    errors: Object.fromEntries(Object.entries(result.errors).map(([field, e]) => [field, e?.message])),
  };
}

describe('the enrolment page’s form', () => {
  it('an invited operator’s chosen password follows the server’s rule, with its reason in French', async () => {
    expect((await resolve(true, { password: 'court', code: '123456' })).errors).toEqual({
      password: 'Le mot de passe doit contenir au moins 12 caractères.',
    });
    expect((await resolve(true, { password: 'lea.petit-2026-secret', code: '123456' })).errors.password).toBe(
      'Le mot de passe ne doit pas contenir le nom de l’opérateur ni le début de son adresse e-mail (avant « @ »).',
    );
    expect(await resolve(true, { password: 'tisane-du-soir-42', code: '123456' })).toEqual({
      request: { password: 'tisane-du-soir-42', code: '123456' },
      errors: {},
    });
  });

  it('after a TOTP reset, the current password is only required; the code has 6 digits', async () => {
    expect((await resolve(false, { password: 'court', code: '123456' })).errors).toEqual({});
    expect(Object.keys((await resolve(false, { password: 'court', code: '12a' })).errors)).toEqual(['code']);
  });
});
