import type { Clock } from '../../clock.ts';
import type { Queryable } from '../../db/types.ts';
import { countActiveFactors } from './factor-queries.ts';
import { consumeScaToken } from './require-sca.ts';

/**
 * Binding a new second factor (PSD2 RTS art. 24): the first one needs only the signed-in session;
 * any further one needs an SCA token for `factor_enrolment` of that method, made with a factor the
 * customer already has — so a stolen session alone cannot add the thief's device.
 */
export async function requireEnrolmentSca(
  q: Queryable,
  clock: Clock,
  input: { customerId: string; method: 'totp' | 'passkey'; token: string | undefined },
): Promise<void> {
  if ((await countActiveFactors(q, input.customerId)) === 0) return;
  await consumeScaToken(q, clock, {
    customerId: input.customerId,
    token: input.token,
    action: 'factor_enrolment',
    details: { method: input.method },
  });
}
