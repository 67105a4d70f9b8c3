import { z } from 'zod';
import { CreateOperatorRequest, text } from '@comptoir/contracts';
import { passwordWeakness } from '@comptoir/core';

/**
 * « Nouvel opérateur » (admin): the contract's request, with a name that says what it wants in
 * French and a password the admin may leave empty — the server then generates one, shown once. A
 * typed password follows the server's rule for an operator's (core's `passwordWeakness`, French
 * reason): long enough, not common, without the operator's name or the e-mail's local part.
 */
export const createOperatorForm = (nameInvalid: string) =>
  CreateOperatorRequest.extend({
    name: text().trim().min(1, nameInvalid).max(100, nameInvalid),
    password: z.string(),
  })
    .superRefine(({ password, email, name }, ctx) => {
      if (!password) return;
      const weakness = passwordWeakness(password, [email.split('@')[0] ?? '', name], 'operator');
      if (weakness) ctx.addIssue({ code: 'custom', path: ['password'], message: weakness });
    })
    .transform(({ password, ...rest }): CreateOperatorRequest => ({
      ...rest,
      ...(password ? { password } : {}),
    }));

export type CreateOperatorValues = z.input<ReturnType<typeof createOperatorForm>>;

export const EMPTY_OPERATOR: CreateOperatorValues = { email: '', name: '', role: 'support', password: '' };
