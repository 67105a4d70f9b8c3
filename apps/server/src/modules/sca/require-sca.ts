// Error codes thrown here: sca_required.
import type { ScaAction, ScaDetails } from '@comptoir/contracts';
import type { Queryable } from '../../db/types.ts';
import type { Clock } from '../../clock.ts';
import { tokenHash } from '../../crypto/seal.ts';
import { AppError } from '../../errors.ts';
import { detailsHash } from './details.ts';
import { consumeToken } from './token-queries.ts';

export const scaRequired = () => new AppError('sca_required');

/**
 * The server side of dynamic linking: consumes the `X-SCA-Token` of a protected call, inside that
 * call's own transaction (a call that fails rolls the use back). The details are the ones the server
 * derived from the call itself — the beneficiary's IBAN, the amount and payee — never the client's
 * word for them; a token made for other details, another action, another customer, already used or
 * older than 5 minutes is refused with 401 `sca_required`.
 */
export async function consumeScaToken<A extends ScaAction>(
  q: Queryable,
  clock: Clock,
  input: { customerId: string; token: string | undefined; action: A; details: ScaDetails<A> },
): Promise<void> {
  if (!input.token) throw scaRequired();
  const ok = await consumeToken(q, {
    customerId: input.customerId,
    tokenHash: tokenHash(input.token),
    action: input.action,
    detailsHash: detailsHash(input.action, input.details),
    now: clock.now(),
  });
  if (!ok) throw scaRequired();
}
