import type { Psd2AuthorisationOutcome, TransferStatus } from '@comptoir/contracts';

/** The ISO 20022 status of a payment the interface initiated, as the Berlin Group carries it. */
export type TransactionStatus = NonNullable<Psd2AuthorisationOutcome['paymentStatus']>;

/** What the TPP reads when the customer let the authorisation lapse. */
export const EXPIRED_REASON = 'Le client n’a pas autorisé le paiement à temps.';

/**
 * A payment's status (docs/psd2.md#payment-initiation): `RCVD` until the customer approves it (`RJCT`
 * once the time to approve is over, or when refused; `CANC` when the TPP cancelled it first). Once
 * approved it is the transfer's: `ACTC` scheduled for a later day, `ACSP` accepted and being settled
 * (reserved for the next business day, or on the instant rail), `ACSC` booked on the customer's
 * account, `RJCT` rejected (by the payee's bank, or a scheduled day without the funds), `CANC`
 * cancelled before it ran.
 */
export function transactionStatus(
  p: { status: 'received' | 'rejected' | 'cancelled' | 'accepted'; expires_at: Date },
  transfer: TransferStatus | null,
  now: Date,
): TransactionStatus {
  if (p.status === 'rejected') return 'RJCT';
  if (p.status === 'cancelled') return 'CANC';
  if (p.status === 'received') return p.expires_at <= now ? 'RJCT' : 'RCVD';
  return transfer === null ? 'RCVD' : ofTransfer(transfer);
}

/** The status a transfer's own status gives its payment. */
export function ofTransfer(transfer: TransferStatus): TransactionStatus {
  switch (transfer) {
    case 'scheduled':
      return 'ACTC';
    case 'pending':
      return 'ACSP';
    case 'executed':
      return 'ACSC';
    case 'rejected':
    case 'skipped':
      return 'RJCT';
    case 'cancelled':
      return 'CANC';
  }
}
