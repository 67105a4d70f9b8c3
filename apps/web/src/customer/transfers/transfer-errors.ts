import type { ApiError } from '../../api/api-error.ts';

/**
 * What the form says when the server refuses a transfer (SPEC §5): the rules it checks again in the
 * same order as the form (hold, balance), an unknown beneficiary, and any other refusal with the
 * server's own French detail.
 */
export type TransferRefusal =
  | { kind: 'hold' }
  | { kind: 'insufficient' }
  | { kind: 'unknownBeneficiary' }
  | { kind: 'server'; detail: string };

export function refusalOf(error: ApiError): TransferRefusal {
  switch (error.code) {
    case 'compliance_hold':
      return { kind: 'hold' };
    case 'insufficient_funds':
      return { kind: 'insufficient' };
    case 'not_found':
      return { kind: 'unknownBeneficiary' };
    default:
      return { kind: 'server', detail: error.detail };
  }
}

/**
 * Whether the outcome of a request is unknown (no answer, or the server failed): only then may the
 * same attempt be sent again with the same Idempotency-Key. Any other answer ends the attempt.
 */
export const outcomeUnknown = (error: ApiError): boolean =>
  error.status === 0 || error.status >= 500 || error.code === 'unavailable';
