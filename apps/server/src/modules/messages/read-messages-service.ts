import type { AppContext } from '../../context.ts';
import { publishMessage } from '../../events/index.ts';
import { markThreadRead } from './queries.ts';

/** The customer has read the bank's messages: the unread badge clears in every session. */
export async function readBankMessages(ctx: AppContext, customerId: string): Promise<{ unread: number }> {
  return ctx.db.tx(async (q) => {
    const marked = await markThreadRead(q, customerId, 'bank', ctx.clock.now());
    if (marked > 0) await publishMessage(q, customerId, { direction: 'bank', unread: 0 });
    return { unread: 0 };
  });
}
