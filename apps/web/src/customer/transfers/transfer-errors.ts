import type { ApiError } from '../../api/api-error.ts';

/**
 * What the form says when the server refuses a transfer (docs/product/transfers.md#rules-in-this-order): the rules it checks again in the
 * same order as the form (hold — a document to send, or one sent and under review — balance), an
 * unknown beneficiary or account to debit, an asset freeze of the account or of the payee
 * (docs/screening.md#freezing-in-the-payment-paths: the neutral words alone), and any other refusal
 * with the server's own French detail.
 */
export type TransferRefusal =
  | { kind: 'hold' }
  | { kind: 'review' }
  | { kind: 'insufficient' }
  | { kind: 'unknownBeneficiary' }
  | { kind: 'unknownAccount' }
  | { kind: 'frozen' }
  | { kind: 'payeeFrozen' }
  | { kind: 'server'; detail: string };

export function refusalOf(error: ApiError): TransferRefusal {
  switch (error.code) {
    case 'compliance_hold':
      return { kind: 'hold' };
    case 'compliance_review':
      return { kind: 'review' };
    case 'insufficient_funds':
      return { kind: 'insufficient' };
    case 'beneficiary_not_found':
      return { kind: 'unknownBeneficiary' };
    case 'account_not_found':
      return { kind: 'unknownAccount' };
    case 'account_frozen':
      return { kind: 'frozen' };
    case 'payee_frozen':
      return { kind: 'payeeFrozen' };
    default:
      return { kind: 'server', detail: error.detail };
  }
}

/** The translation key of the one-line message each named refusal shows (others show the server's detail). */
export const REFUSAL_MESSAGES = {
  insufficient: 'transfers.errors.insufficient',
  unknownBeneficiary: 'transfers.errors.unknownBeneficiary',
  unknownAccount: 'transfers.errors.unknownAccount',
  frozen: 'transfers.errors.frozen',
  payeeFrozen: 'transfers.errors.payeeFrozen',
} as const;

/**
 * Whether the outcome of a request is unknown (no answer, or the server failed): only then may the
 * same attempt be sent again with the same Idempotency-Key. Any other answer ends the attempt.
 */
export const outcomeUnknown = (error: ApiError): boolean =>
  error.status === 0 || error.status >= 500 || error.code === 'unavailable';
