// Error codes thrown here: customer_not_found, identity_change_not_found.
import type { BackofficeIdentityChangeRequest, IdentityChangeRequest } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { findCustomerContact } from '../customers/index.ts';
import { customerIdParam, uuidOrNotFound } from '../../http/params.ts';
import { customerIdentityChange, identityChangesOfCustomer } from './queries.ts';
import { toCustomerView, toOperatorView } from './view.ts';

export const requestIdParam = (id: string): string => uuidOrNotFound(id, 'identity_change_not_found');

/** The signed-in customer's identity change requests, newest first. */
export async function listOwnIdentityChanges(
  ctx: AppContext,
  customerId: string,
): Promise<IdentityChangeRequest[]> {
  return (await identityChangesOfCustomer(ctx.db, customerId)).map(toCustomerView);
}

/** One of the signed-in customer's requests; another customer's id answers 404 like an unknown one. */
export async function getOwnIdentityChange(
  ctx: AppContext,
  customerId: string,
  id: string,
): Promise<IdentityChangeRequest> {
  const row = await customerIdentityChange(ctx.db, customerId, requestIdParam(id));
  if (!row) throw new AppError('identity_change_not_found');
  return toCustomerView(row);
}

/** A customer's requests for the back office's panel, newest first, with the values on file. */
export async function listIdentityChangesForOperator(
  ctx: AppContext,
  id: string,
): Promise<BackofficeIdentityChangeRequest[]> {
  const customerId = customerIdParam(id);
  if (!(await findCustomerContact(ctx.db, customerId))) throw new AppError('customer_not_found');
  return (await identityChangesOfCustomer(ctx.db, customerId)).map(toOperatorView);
}
