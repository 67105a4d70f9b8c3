import { psd2PaymentScaDetails, type ApprovePsd2AuthorisationRequest } from '@comptoir/contracts';
import { toJsonCents } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import type { Queryable } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { consumeScaToken } from '../sca/index.ts';
import { initiatedTransfers, type PlacedTransfer } from '../../ports/initiated-transfers.ts';
import type { AuthorisationContext } from './authorisation-context.ts';
import { acceptPayment } from './payment-queries.ts';
import { decideAuthorisation } from './queries.ts';

/**
 * The customer approves a payment a TPP initiated (docs/psd2.md#payment-initiation), in the
 * authorisation's transaction: the payment still waiting, from the account it names, with a strong
 * authentication bound to this authorisation, that account, the amount, the payee, the day and the
 * rail (`psd2_payment`). The transfer is then placed under every rule of the customer's own — a rule
 * that says no (the balance, a hold, a freeze…) answers as for their own transfer, and the payment
 * waits until the customer refuses it or its time runs out. Once placed, the payment is the
 * transfer; its instant one is sent after the commit.
 */
export async function approvePayment(
  ctx: AppContext,
  q: Queryable,
  customerId: string,
  found: Extract<AuthorisationContext, { kind: 'payment' }>,
  body: ApprovePsd2AuthorisationRequest,
  scaToken: string | undefined,
): Promise<{ redirectUri: string | null; placed: PlacedTransfer }> {
  const { authorisation, payment, tpp, account } = found;
  if (payment.status !== 'received') throw new AppError('psd2_authorisation_closed');
  if (body.accountIds.length !== 1 || body.accountIds[0] !== account.id) {
    throw new AppError('psd2_account_not_offered');
  }
  const terms = {
    amount: toJsonCents(payment.amount),
    creditorIban: payment.creditor_iban,
    creditorName: payment.creditor_name,
    executionDate: payment.requested_execution_date,
    product: payment.product,
  };
  await consumeScaToken(q, ctx.clock, {
    customerId,
    token: scaToken,
    action: 'psd2_payment',
    details: psd2PaymentScaDetails(authorisation.id, account.id, terms),
  });
  const placed = await initiatedTransfers().place(ctx, q, {
    customerId,
    accountId: account.id,
    payee: { name: payment.creditor_name, iban: payment.creditor_iban, bic: payment.creditor_bic },
    amount: payment.amount,
    reference: payment.reference,
    type: payment.product === 'instant-sepa-credit-transfers' ? 'instant' : 'standard',
    executionDate: payment.requested_execution_date,
    initiatedVia: tpp.name,
  });
  const now = ctx.clock.now();
  await acceptPayment(q, payment.id, customerId, placed.transferId, now);
  await decideAuthorisation(q, authorisation.id, 'finalised', customerId, now);
  await appendAudit(q, {
    operatorId: null,
    actor: 'customer',
    customerId,
    action: 'psd2.payment_approved',
    details: {
      paymentId: payment.id,
      transferId: placed.transferId,
      tpp: tpp.organisation_id,
      accountId: account.id,
      amount: String(payment.amount),
    },
    at: now,
  });
  return { redirectUri: authorisation.redirect_uri, placed };
}
