// Error codes thrown here: customer_not_found.
import type { BackofficeDocumentRequest } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { findCustomerContact } from '../customers/index.ts';
import { customerIdParam } from '../../http/params.ts';
import { documentRequestsOfCustomer } from './queries.ts';
import { toOperatorViews } from './view.ts';

/** Every request of a customer, newest first, for the back office's panel. */
export async function listRequestsForOperator(
  ctx: AppContext,
  id: string,
): Promise<BackofficeDocumentRequest[]> {
  const customerId = customerIdParam(id);
  if (!(await findCustomerContact(ctx.db, customerId))) throw new AppError('customer_not_found');
  const rows = await documentRequestsOfCustomer(ctx.db, customerId, null);
  return toOperatorViews(ctx.db, rows);
}
