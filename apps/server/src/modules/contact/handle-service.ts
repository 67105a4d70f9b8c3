// Error codes thrown here: contact_message_not_found.
import type { ContactMessage } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { appendAudit } from '../../audit/audit.ts';
import { markContactMessageHandled } from './queries.ts';
import { toContactMessage } from './service.ts';

const notFound = () => new AppError('contact_message_not_found');

/**
 * « Marquer comme traité »: records who handled the message and when, with a
 * `contact_message.handled` audit row in the same transaction. Marking it again changes nothing
 * and writes no second row.
 */
export async function markContactHandled(
  ctx: AppContext,
  operatorId: string,
  rawId: string,
): Promise<ContactMessage> {
  if (!/^\d{1,18}$/.test(rawId)) throw notFound();
  const id = BigInt(rawId);
  const now = ctx.clock.now();
  return ctx.db.tx(async (q) => {
    const marked = await markContactMessageHandled(q, id, operatorId, now);
    if (!marked) throw notFound();
    if (marked.changed) {
      await appendAudit(q, {
        operatorId,
        customerId: null,
        action: 'contact_message.handled',
        details: { contactMessageId: String(id) },
        at: now,
      });
    }
    return toContactMessage(marked.row);
  });
}
