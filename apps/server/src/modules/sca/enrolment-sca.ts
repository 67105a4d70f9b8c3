import type { Clock } from '../../clock.ts';
import type { Queryable } from '../../db/types.ts';
import { countActiveFactors } from './factor-queries.ts';
import { consumeScaToken } from './require-sca.ts';

/**
 * Binding a new second factor (PSD2 RTS art. 24): the first one needs only the signed-in session;
 * any further one needs an SCA token for `factor_enrolment` of that method, made with a factor the
 * customer already has — so a stolen session alone cannot add the thief's device. Returns whether
 * such an approval was given (false: the customer had no factor). The caller holds the customer's
 * row (`lockCustomer`), so no factor can be added meanwhile.
 */
export async function requireEnrolmentSca(
  q: Queryable,
  clock: Clock,
  input: { customerId: string; method: 'totp' | 'passkey'; token: string | undefined },
): Promise<boolean> {
  if ((await countActiveFactors(q, input.customerId)) === 0) return false;
  await consumeScaToken(q, clock, {
    customerId: input.customerId,
    token: input.token,
    action: 'factor_enrolment',
    details: { method: input.method },
  });
  return true;
}

/**
 * Confirming an enrolment (an app's first code, a passkey's registration): when the customer has a
 * factor now, it needs strong authentication — the one given when this enrolment started, or else a
 * token for `factor_enrolment` of that method on the confirmation itself (401 `sca_required`).
 */
export async function requireConfirmationSca(
  q: Queryable,
  clock: Clock,
  input: { customerId: string; method: 'totp' | 'passkey'; token: string | undefined; approved: boolean },
): Promise<void> {
  if (input.approved) return;
  await requireEnrolmentSca(q, clock, input);
}
