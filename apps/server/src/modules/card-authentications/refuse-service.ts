import type { CardAuthentication } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { toCardAuthentication } from './authentication-view.ts';
import { lockPendingAuthentication } from './decision.ts';
import { announce } from './publish.ts';
import { lockCustomerAuthentication, markRefused } from './queries.ts';

/**
 * `POST /api/card-authentications/{id}/refuse`: the customer did not make this payment, or does not
 * want it. No strong authentication needed (refusing protects the customer); the merchant reads
 * `rejected`. Announced live to the customer.
 */
export function refuseCardAuthentication(
  ctx: AppContext,
  customerId: string,
  id: string,
): Promise<CardAuthentication> {
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const row = await lockPendingAuthentication(q, customerId, id, now);
    await markRefused(q, row.id, now);
    const refused = await lockCustomerAuthentication(q, customerId, row.id);
    if (!refused) throw new Error('authentication vanished');
    await announce(q, refused, now);
    return toCardAuthentication(refused, now);
  });
}
