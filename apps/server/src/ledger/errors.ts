import { AppError } from '../errors.ts';

/**
 * Why the ledger refuses an entry, in its own words. Each refusal surfaces through the API as the
 * error code of the catalogue (the table below, the one place that maps them), so callers that test
 * `error.code` and clients reading the problem JSON see no change; code that needs the precise
 * reason reads `refusal` (or `isLedgerRefusal`).
 */
export type LedgerRefusalCode =
  | 'too_few_legs'
  | 'invalid_amount'
  | 'duplicate_account'
  | 'unbalanced_entry'
  | 'invalid_history'
  | 'insufficient_funds'
  | 'account_closed'
  | 'account_not_found'
  | 'entry_not_found'
  | 'reservation_already_finished';

const SURFACES = {
  too_few_legs: 'entry_too_few_legs',
  invalid_amount: 'leg_amount_invalid',
  duplicate_account: 'leg_account_repeated',
  unbalanced_entry: 'entry_unbalanced',
  invalid_history: 'history_accounts_invalid',
  insufficient_funds: 'insufficient_funds',
  account_closed: 'account_not_open',
  account_not_found: 'account_not_found',
  entry_not_found: 'operation_not_found',
  reservation_already_finished: 'operation_not_pending',
} as const satisfies Record<LedgerRefusalCode, string>;

/** A refusal of the ledger: nothing was written. An AppError, so the HTTP layer answers it as before. */
export class LedgerRefusal extends AppError {
  readonly refusal: LedgerRefusalCode;

  constructor(refusal: LedgerRefusalCode) {
    super(SURFACES[refusal]);
    this.name = 'LedgerRefusal';
    this.refusal = refusal;
  }
}

export const isLedgerRefusal = (error: unknown, refusal?: LedgerRefusalCode): error is LedgerRefusal =>
  error instanceof LedgerRefusal && (refusal === undefined || error.refusal === refusal);

/** The refusals `ledger_post` and `ledger_finish` return (db/functions), by their SQL names. */
export function fromDatabase(error: string): LedgerRefusal {
  switch (error) {
    case 'insufficient_funds':
      return new LedgerRefusal('insufficient_funds');
    case 'account_not_open':
      return new LedgerRefusal('account_closed');
    case 'not_pending':
      return new LedgerRefusal('reservation_already_finished');
    case 'account_not_found':
      return new LedgerRefusal('account_not_found');
    default:
      return new LedgerRefusal('entry_not_found');
  }
}
