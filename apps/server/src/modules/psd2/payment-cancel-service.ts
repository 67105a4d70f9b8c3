import type { Psd2PaymentProduct } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { initiatedTransfers } from '../../ports/initiated-transfers.ts';
import { closePayment } from './payment-queries.ts';
import { tppPayment } from './payment-read-service.ts';
import type { TppCaller } from './tpp.ts';
import { TppError } from './tpp-error.ts';

/** What the TPP reads of a payment it cancelled before the customer approved it. */
export const CANCELLED_REASON = 'Annulé par le prestataire avant l’autorisation du client.';

/**
 * `DELETE /payments/{payment-product}/{paymentId}`: the TPP cancels its payment (`CANC`, 204) —
 * before the customer approved it, or once approved while it waits for its day (a SEPA transfer
 * dated ahead, or reserved for the next business day), as the customer could cancel their own. An
 * instant one, one already executed, refused or cancelled answers 405 `CANCELLATION_INVALID`. The
 * payment's row lock orders it with the customer's approval; the transfer's, with the execution job.
 */
export async function cancelPayment(
  ctx: AppContext,
  tpp: TppCaller,
  product: Psd2PaymentProduct,
  paymentId: string,
): Promise<void> {
  const accepted = await ctx.db.tx(async (q) => {
    const payment = await tppPayment(q, tpp, product, paymentId, true);
    const now = ctx.clock.now();
    if (payment.status === 'received' && payment.expires_at > now) {
      await closePayment(q, payment.id, 'cancelled', CANCELLED_REASON, now);
      return null;
    }
    const waiting = payment.transfer_status === 'scheduled' || payment.transfer_status === 'pending';
    if (payment.status !== 'accepted' || product !== 'sepa-credit-transfers' || !waiting) {
      throw new TppError('CANCELLATION_INVALID');
    }
    return payment;
  });
  if (!accepted?.customer_id || !accepted.transfer_id) return;
  try {
    await initiatedTransfers().cancel(ctx, accepted.customer_id, accepted.transfer_id);
  } catch (error) {
    // The execution job ran it meanwhile.
    if (error instanceof AppError && error.code === 'transfer_not_cancellable') {
      throw new TppError('CANCELLATION_INVALID');
    }
    throw error;
  }
}
