import type { DocumentRequest } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { documentRequestsOfCustomer } from './queries.ts';
import { toCustomerViews } from './view.ts';

/** How long a decided request stays in the customer's list (« recent »). */
const RECENT_DAYS = 90;

/** The signed-in customer's requests: those still open or under review, and the recent decisions. */
export async function listCustomerRequests(ctx: AppContext, customerId: string): Promise<DocumentRequest[]> {
  const since = new Date(ctx.clock.now().getTime() - RECENT_DAYS * 86_400_000);
  const rows = await documentRequestsOfCustomer(ctx.db, customerId, since);
  return toCustomerViews(ctx.db, rows);
}
