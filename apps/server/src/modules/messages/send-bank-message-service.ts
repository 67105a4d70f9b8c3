// Error codes thrown here: customer_not_found, message_customer_not_open.
import type { SecureMessage } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError } from '../../errors.ts';
import { mailBrand, newSecureMessageMail } from '../../mail/templates.ts';
import { publishMessage } from '../../events/index.ts';
import type { OperatorPrincipal } from '../../http/operator-principal.ts';
import { customerIdParam } from '../../http/params.ts';
import { insertMessage, messageCustomer, unreadCount } from './queries.ts';

/**
 * An operator (any role) writes to a customer whose account is open: the message, the audit row
 * (its id and length, not its text), a mail saying only that a message is waiting (never its
 * content) and the live event for the customer's badge — one transaction.
 */
export async function sendBankMessage(
  ctx: AppContext,
  operator: OperatorPrincipal,
  id: string,
  body: string,
): Promise<SecureMessage> {
  const customerId = customerIdParam(id);
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const customer = await messageCustomer(q, customerId, { forUpdate: true });
    if (!customer) throw new AppError('customer_not_found');
    if (customer.status !== 'active') {
      throw new AppError('message_customer_not_open');
    }
    const message = await insertMessage(q, {
      customerId,
      direction: 'bank',
      operatorId: operator.id,
      body,
      now,
    });
    await appendAudit(q, {
      operatorId: operator.id,
      customerId,
      action: 'customer.message_sent',
      details: { messageId: message.id, length: body.length },
      at: now,
    });
    await ctx.outbox.enqueue(
      q,
      newSecureMessageMail(mailBrand(ctx.config), { to: customer.email, firstName: customer.first_name }),
    );
    await publishMessage(q, customerId, {
      direction: 'bank',
      unread: await unreadCount(q, customerId, 'bank'),
    });
    return {
      id: message.id,
      direction: 'bank',
      body,
      author: operator.name,
      createdAt: now.toISOString(),
      readAt: null,
    };
  });
}
