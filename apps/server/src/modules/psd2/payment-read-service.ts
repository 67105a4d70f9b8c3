import type { Psd2PaymentProduct } from '@comptoir/contracts';
import { toDecimalAmount } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { paymentById, type PaymentRow } from './payment-queries.ts';
import { EXPIRED_REASON, transactionStatus } from './payment-status.ts';
import { authorisationsOf } from './queries.ts';
import type { TppCaller } from './tpp.ts';
import { TppError } from './tpp-error.ts';

/** The calling TPP's payment of that product; another TPP's, or another product's, is unknown. */
export async function tppPayment(
  q: Queryable,
  tpp: TppCaller,
  product: Psd2PaymentProduct,
  paymentId: string,
  lock = false,
): Promise<PaymentRow> {
  const payment = await paymentById(q, paymentId, lock);
  if (!payment || payment.tpp_id !== tpp.id || payment.product !== product) {
    throw new TppError('RESOURCE_UNKNOWN');
  }
  return payment;
}

/** The status now, and for a rejected payment why (the customer refused, the time ran out, the rail said no). */
function statusOf(ctx: AppContext, payment: PaymentRow) {
  const status = transactionStatus(payment, payment.transfer_status, ctx.clock.now());
  const reason =
    status === 'RJCT' || status === 'CANC'
      ? (payment.reason ?? payment.transfer_reason ?? (payment.status === 'received' ? EXPIRED_REASON : null))
      : null;
  return { transactionStatus: status, ...(reason ? { psuMessage: reason } : {}) };
}

/** `GET /payments/{payment-product}/{paymentId}`: the payment as initiated, with its status. */
export async function readPayment(
  ctx: AppContext,
  tpp: TppCaller,
  product: Psd2PaymentProduct,
  paymentId: string,
) {
  const p = await tppPayment(ctx.db, tpp, product, paymentId);
  return {
    ...(p.end_to_end_id ? { endToEndIdentification: p.end_to_end_id } : {}),
    debtorAccount: { iban: p.debtor_iban, currency: 'EUR' },
    instructedAmount: { currency: 'EUR', amount: toDecimalAmount(p.amount) },
    creditorAccount: { iban: p.creditor_iban, currency: 'EUR' },
    ...(p.creditor_bic ? { creditorAgent: p.creditor_bic } : {}),
    creditorName: p.creditor_name,
    ...(p.reference ? { remittanceInformationUnstructured: p.reference } : {}),
    ...(p.requested_execution_date ? { requestedExecutionDate: p.requested_execution_date } : {}),
    transactionStatus: statusOf(ctx, p).transactionStatus,
  };
}

/** `GET /payments/{payment-product}/{paymentId}/status`. */
export async function readPaymentStatus(
  ctx: AppContext,
  tpp: TppCaller,
  product: Psd2PaymentProduct,
  paymentId: string,
) {
  return statusOf(ctx, await tppPayment(ctx.db, tpp, product, paymentId));
}

/** `GET /payments/{payment-product}/{paymentId}/authorisations`. */
export async function listPaymentAuthorisations(
  ctx: AppContext,
  tpp: TppCaller,
  product: Psd2PaymentProduct,
  paymentId: string,
) {
  const payment = await tppPayment(ctx.db, tpp, product, paymentId);
  return { authorisationIds: (await authorisationsOf(ctx.db, { paymentId: payment.id })).map((a) => a.id) };
}

/** `GET /payments/{payment-product}/{paymentId}/authorisations/{authorisationId}`: `failed` also once expired. */
export async function paymentAuthorisationStatus(
  ctx: AppContext,
  tpp: TppCaller,
  product: Psd2PaymentProduct,
  paymentId: string,
  authorisationId: string,
) {
  const payment = await tppPayment(ctx.db, tpp, product, paymentId);
  const found = (await authorisationsOf(ctx.db, { paymentId: payment.id })).find(
    (a) => a.id === authorisationId,
  );
  if (!found) throw new TppError('RESOURCE_UNKNOWN');
  const expired = found.status === 'received' && found.expires_at <= ctx.clock.now();
  return { scaStatus: expired ? ('failed' as const) : found.status };
}
