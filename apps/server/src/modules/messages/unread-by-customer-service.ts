import type { UnreadByCustomer } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { unreadCustomerMessages } from './queries.ts';

/** Customers whose messages no operator has opened yet (the customers table's badge). */
export async function unreadByCustomer(ctx: AppContext): Promise<UnreadByCustomer> {
  const rows = await unreadCustomerMessages(ctx.db);
  return { items: rows.map((r) => ({ customerId: r.customer_id, unread: r.n })) };
}
