// Error codes thrown here: account_frozen, closure_balance_not_zero, closure_blocked_by_pending_entry,
//   closure_operation_pending, customer_already_closed, customer_never_approved, customer_not_found.
import { formatEuros } from '@comptoir/core';
import type { CloseCustomerResponse } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError } from '../../errors.ts';
import { closeCustomerAccounts } from '../../ledger/index.ts';
import { customerClosedMail, mailBrand } from '../../mail/templates.ts';
import { closeAllCustomerSessions } from '../auth/index.ts';
import { publishStatus } from '../../events/index.ts';
import type { OperatorPrincipal } from '../../http/operator-principal.ts';
import { customerIdParam } from '../../http/params.ts';
import {
  cancelCustomerCards,
  cancelScheduledTransfers,
  lockCustomerForClosure,
  markCustomerClosed,
} from './queries.ts';

/**
 * Closes a customer (the danger zone of docs/product/back-office.md#customers): only with every account at zero, booked and available,
 * no pending ledger entry and no manual entry waiting. Cards are cancelled, planned transfers
 * cancelled, sessions ended (an open screen is told the account was closed: `signed_out`, reason
 * `closed`), the ledger accounts closed (history stays), status `closed` — in one transaction with
 * its audit row and the customer's mail. Personal data goes later (`anonymise-service.ts`). Not
 * while an asset freeze holds the customer's funds: closing pays the relationship out and ends it,
 * which is dealing with frozen funds (docs/screening.md#freezing-in-the-payment-paths).
 * Lock order: customer → cards → accounts (a card authorisation takes card → account).
 */
export async function closeCustomer(
  ctx: AppContext,
  operator: OperatorPrincipal,
  customerParam: string,
): Promise<CloseCustomerResponse> {
  const customerId = customerIdParam(customerParam);
  const now = ctx.clock.now();
  return ctx.db.tx(async (q) => {
    const customer = await lockCustomerForClosure(q, customerId);
    if (!customer) throw new AppError('customer_not_found');
    if (customer.status === 'closed') throw new AppError('customer_already_closed');
    if (customer.status !== 'active' || !customer.has_accounts) {
      throw new AppError('customer_never_approved');
    }
    if (customer.frozen) throw new AppError('account_frozen');
    if (customer.pending_manual_entries > 0) {
      throw new AppError('closure_blocked_by_pending_entry');
    }
    const cardsCancelled = await cancelCustomerCards(q, customerId, now);
    const transfersCancelled = await cancelScheduledTransfers(q, customerId, now);
    const result = await closeCustomerAccounts(q, customerId);
    if ('refused' in result) {
      const { account } = result;
      throw result.refused === 'balance'
        ? new AppError('closure_balance_not_zero', {
            balance: formatEuros(account.postedBalance),
            pending: formatEuros(account.pendingDebits),
          })
        : new AppError('closure_operation_pending');
    }
    // Their open live streams check their sessions at the news this publishes and end at once (not
    // at the next heartbeat).
    await closeAllCustomerSessions(ctx, q, customerId);
    await markCustomerClosed(q, customerId, now);
    await appendAudit(q, {
      operatorId: operator.id,
      customerId,
      action: 'customer.closed',
      details: {
        accounts: result.closed.map((a) => String(a.id)),
        cardsCancelled,
        transfersCancelled,
      },
      at: now,
    });
    await publishStatus(q, customerId, 'closed');
    await ctx.outbox.enqueue(
      q,
      customerClosedMail(mailBrand(ctx.config), { to: customer.email, firstName: customer.first_name }),
    );
    return {
      id: customerId,
      status: 'closed',
      closedAt: now.toISOString(),
      cardsCancelled,
      transfersCancelled,
    };
  });
}
