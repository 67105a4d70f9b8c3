import { formatEuros } from '@comptoir/core';
import type { CloseCustomerResponse } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError, notFound } from '../../errors.ts';
import { closeCustomerAccounts } from '../../ledger/index.ts';
import { revokeAllCustomerSessions } from '../auth/session-queries.ts';
import { publishStatus } from '../events/publish.ts';
import type { OperatorPrincipal } from '../operators/auth-service.ts';
import { customerIdParam } from '../review/customers-service.ts';
import {
  cancelCustomerCards,
  cancelScheduledTransfers,
  lockCustomerForClosure,
  markCustomerClosed,
} from './queries.ts';

/**
 * Closes a customer (SPEC §7 danger zone): only with every account at zero, booked and available,
 * no pending ledger entry and no manual entry waiting. Cards are cancelled, planned transfers
 * cancelled, sessions ended, the ledger accounts closed (history stays), status `closed` — in one
 * transaction with its audit row. Personal data goes later (`anonymise-service.ts`).
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
    if (!customer) throw notFound('Client introuvable.');
    if (customer.status === 'closed') throw new AppError('conflict', 409, 'Ce compte est déjà clôturé.');
    if (customer.status !== 'active' || !customer.has_accounts) {
      throw new AppError(
        'conflict',
        409,
        'Ce client n’a jamais été approuvé : supprimez-le plutôt que de le clôturer.',
      );
    }
    if (customer.pending_manual_entries > 0) {
      throw new AppError(
        'conflict',
        409,
        'Clôture impossible : une régularisation attend encore l’approbation d’un second opérateur.',
      );
    }
    const cardsCancelled = await cancelCustomerCards(q, customerId, now);
    const transfersCancelled = await cancelScheduledTransfers(q, customerId, now);
    const result = await closeCustomerAccounts(q, customerId);
    if ('refused' in result) {
      const { account } = result;
      throw new AppError(
        'conflict',
        409,
        result.refused === 'balance'
          ? `Clôture impossible : le solde doit être nul (solde ${formatEuros(account.postedBalance)}, dont ${formatEuros(account.pendingDebits)} en cours).`
          : 'Clôture impossible : une opération est encore en cours sur le compte.',
      );
    }
    await revokeAllCustomerSessions(q, customerId, now);
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
    return {
      id: customerId,
      status: 'closed',
      closedAt: now.toISOString(),
      cardsCancelled,
      transfersCancelled,
    };
  });
}
