import type { BackofficeDocumentRequest } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { customerContact } from '../customers/queries.ts';
import { customerIdParam } from '../review/customers-service.ts';
import { documentRequestsOfCustomer } from './queries.ts';
import { toOperatorViews } from './view.ts';

/** Every request of a customer, newest first, for the back office's panel. */
export async function listRequestsForOperator(
  ctx: AppContext,
  id: string,
): Promise<BackofficeDocumentRequest[]> {
  const customerId = customerIdParam(id);
  if (!(await customerContact(ctx.db, customerId))) throw notFound('Client introuvable.');
  const rows = await documentRequestsOfCustomer(ctx.db, customerId, null);
  return toOperatorViews(ctx.db, rows);
}
