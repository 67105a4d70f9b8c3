import { describe, expect, it } from 'vitest';
import type { FieldErrors } from 'react-hook-form';
import { ONBOARDING_MESSAGES } from '@comptoir/contracts';
import { splitRequired } from './form-errors.ts';

type Form = { email: string; password: string; firstName: string };

const errors = (e: Partial<Record<keyof Form, string>>): FieldErrors<Form> =>
  Object.fromEntries(Object.entries(e).map(([name, message]) => [name, { type: 'custom', message }]));

describe('splitRequired', () => {
  it('marks empty fields only, and says « Veuillez remplir tous les champs » once', () => {
    const { anyMissing, fieldError } = splitRequired(
      errors({ firstName: ONBOARDING_MESSAGES.required, password: ONBOARDING_MESSAGES.required }),
    );
    expect(anyMissing).toBe(true);
    expect(fieldError('firstName')).toBe(true);
    expect(fieldError('password')).toBe(true);
    expect(fieldError('email')).toBeUndefined();
  });

  it('keeps a specific message under its own field', () => {
    const { anyMissing, fieldError } = splitRequired(
      errors({ email: ONBOARDING_MESSAGES.emailInvalid, firstName: ONBOARDING_MESSAGES.required }),
    );
    expect(anyMissing).toBe(true);
    expect(fieldError('email')).toBe(ONBOARDING_MESSAGES.emailInvalid);
  });

  it('has nothing missing when the only errors are specific ones', () => {
    const { anyMissing, fieldError } = splitRequired(
      errors({ password: ONBOARDING_MESSAGES.passwordMismatch }),
    );
    expect(anyMissing).toBe(false);
    expect(fieldError('password')).toBe(ONBOARDING_MESSAGES.passwordMismatch);
  });

  it('treats an error without a text message as no message', () => {
    const { anyMissing, fieldError } = splitRequired<Form>({ email: { type: 'required' } });
    expect(anyMissing).toBe(false);
    expect(fieldError('email')).toBeUndefined();
  });
});
