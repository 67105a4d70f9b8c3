import type { Queryable } from '../../db/types.ts';
import { insertTransfer, type NewTransfer, type TransferRow } from './queries.ts';

/**
 * Records a transfer whose ledger reservation the caller made, in the caller's transaction: the
 * sandbox demo's transfer still in progress, which the execute-due job then books like any other.
 * Null when its number is taken already.
 */
export function recordReservedTransfer(q: Queryable, transfer: NewTransfer): Promise<TransferRow | null> {
  return insertTransfer(q, transfer);
}
