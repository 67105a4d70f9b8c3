// Error codes thrown here: card_authentication_not_found, card_authentication_expired, card_authentication_decided.
import type { Queryable } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { isPendingAt } from './authentication-view.ts';
import { lockCustomerAuthentication, type AuthenticationRow } from './queries.ts';

/**
 * One of the customer's authentications, row-locked, that must still wait for an answer: another
 * customer's, a rejected one or an unknown id is a 404; one decided or past its 10 minutes a 409.
 */
export async function lockPendingAuthentication(
  q: Queryable,
  customerId: string,
  id: string,
  now: Date,
): Promise<AuthenticationRow> {
  const row = await lockCustomerAuthentication(q, customerId, id);
  if (!row) throw new AppError('card_authentication_not_found');
  if (isPendingAt(row, now)) return row;
  if (row.status === 'pending' || row.status === 'expired') throw new AppError('card_authentication_expired');
  throw new AppError('card_authentication_decided');
}
