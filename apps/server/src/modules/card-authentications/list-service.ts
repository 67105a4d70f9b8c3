import type { CardAuthenticationList } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { toCardAuthentication } from './authentication-view.ts';
import { customerAuthentications } from './queries.ts';

/** How many authentications the customer's list shows. */
export const CARD_AUTHENTICATION_LIST_SIZE = 20;

/**
 * `GET /api/card-authentications`: the acting customer's online payments to confirm — those still
 * waiting first, then the recent ones, newest first (20 in all).
 */
export async function listCardAuthentications(
  ctx: AppContext,
  customerId: string,
): Promise<CardAuthenticationList> {
  const now = ctx.clock.now();
  const rows = await customerAuthentications(ctx.db, customerId, now, CARD_AUTHENTICATION_LIST_SIZE);
  return { items: rows.map((row) => toCardAuthentication(row, now)) };
}
