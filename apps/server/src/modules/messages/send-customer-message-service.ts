// Error codes thrown here: messages_too_many, unauthenticated.
import type { SecureMessage } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { publishMessage } from '../../events/index.ts';
import { customerMessagesSince, insertMessage, messageCustomer, unreadCount } from './queries.ts';

/** Messages a customer may write in a window (database-counted, so it holds across instances). */
export const CUSTOMER_MESSAGE_LIMIT = { max: 10, windowMs: 10 * 60_000 } as const;

/**
 * The customer writes to the bank: limited to 10 messages per 10 minutes (429), the customer row
 * locked so racing calls are counted one after another. The operators' thread picks it up on its
 * next refresh; the customer's other sessions are told live.
 */
export async function sendCustomerMessage(
  ctx: AppContext,
  customerId: string,
  body: string,
): Promise<SecureMessage> {
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const customer = await messageCustomer(q, customerId, { forUpdate: true });
    if (!customer) throw new AppError('unauthenticated');
    const since = new Date(now.getTime() - CUSTOMER_MESSAGE_LIMIT.windowMs);
    if ((await customerMessagesSince(q, customerId, since)) >= CUSTOMER_MESSAGE_LIMIT.max) {
      throw new AppError('messages_too_many');
    }
    const { id } = await insertMessage(q, { customerId, direction: 'customer', operatorId: null, body, now });
    await publishMessage(q, customerId, {
      direction: 'customer',
      unread: await unreadCount(q, customerId, 'bank'),
    });
    return { id, direction: 'customer', body, author: null, createdAt: now.toISOString(), readAt: null };
  });
}
