import type { FieldErrors, FieldValues } from 'react-hook-form';
import { ONBOARDING_MESSAGES } from '@comptoir/contracts';

/**
 * docs/product/onboarding.md#steps: the form says « Veuillez remplir tous les champs » once for the form, not under every empty
 * field: empty fields are only marked (red, `aria-invalid`), and the sentence shows once below.
 * A specific message (a bad e-mail, a weak password…) still shows under its own field.
 */
export function splitRequired<T extends FieldValues>(errors: FieldErrors<T>) {
  const messageOf = (name: keyof T & string): string | undefined => {
    const message = errors[name]?.message;
    return typeof message === 'string' ? message : undefined;
  };
  const anyMissing = Object.keys(errors).some((name) => messageOf(name) === ONBOARDING_MESSAGES.required);
  /** For the `error` prop of a field: its own message, or just "invalid" when it is only empty. */
  const fieldError = (name: keyof T & string): string | boolean | undefined => {
    const message = messageOf(name);
    if (message === undefined) return undefined;
    return message === ONBOARDING_MESSAGES.required ? true : message;
  };
  return { anyMissing, fieldError };
}
