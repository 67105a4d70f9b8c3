import type { z } from 'zod';
import { CreateOperatorRequest, text } from '@comptoir/contracts';

/**
 * « Inviter un opérateur » (admin): the contract's request, with a name that says what it wants in
 * French. No password: the invited operator chooses theirs through the link mailed to them.
 */
export const createOperatorForm = (nameInvalid: string) =>
  CreateOperatorRequest.extend({
    name: text().trim().min(1, nameInvalid).max(100, nameInvalid),
  });

export type CreateOperatorValues = z.input<ReturnType<typeof createOperatorForm>>;

export const EMPTY_OPERATOR: CreateOperatorValues = { email: '', name: '', role: 'support' };
