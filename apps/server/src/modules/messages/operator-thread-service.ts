// Error codes thrown here: customer_not_found.
import type { MessagesPage, MessagesQuery } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { customerIdParam } from '../../http/params.ts';
import { markThreadRead, messageCustomer } from './queries.ts';
import { readThread } from './thread.ts';

/**
 * A customer's thread as operators see it (any role). Opening it marks the customer's messages read
 * (the first page only: what the operator sees). There is no operator event stream: the panel
 * refetches this every 10 s while the thread is open.
 */
export async function operatorThread(
  ctx: AppContext,
  id: string,
  query: MessagesQuery,
): Promise<MessagesPage> {
  const customerId = customerIdParam(id);
  return ctx.db.tx(async (q) => {
    if (!(await messageCustomer(q, customerId))) throw new AppError('customer_not_found');
    if (!query.cursor) await markThreadRead(q, customerId, 'customer', ctx.clock.now());
    return readThread(q, customerId, query, 0);
  });
}
