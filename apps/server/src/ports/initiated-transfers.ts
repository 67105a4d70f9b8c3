import type { TransferStatus } from '@comptoir/contracts';
import type { Cents } from '@comptoir/core';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';

/**
 * What the PSD2 interface needs of the transfers module, attached at wiring (wiring.ts) so that
 * neither module imports the other and their chains stay short: a transfer a third party initiated
 * and the customer approved, placed in the caller's transaction under every rule of the customer's
 * own; and its cancellation before it runs.
 */
export interface InitiatedTransfer {
  customerId: string;
  /** The account to debit (a ledger account id). */
  accountId: string;
  /** The payee the third party named (its IBAN in any spelling; the transfers module canonicalises it). */
  payee: { name: string; iban: string; bic: string | null };
  amount: Cents;
  reference: string;
  type: 'instant' | 'standard';
  /** A later day (YYYY-MM-DD, Europe/Paris); null: now (instant) or standard timing. */
  executionDate: string | null;
  /** The third party's name, kept on the transfer and its entry (« via … »). */
  initiatedVia: string;
}

/** A transfer placed in the caller's transaction; `finish`, after its commit, waits for an instant one's rail. */
export interface PlacedTransfer {
  transferId: string;
  status: TransferStatus;
  finish: () => Promise<TransferStatus>;
}

export interface InitiatedTransfersPort {
  place: (ctx: AppContext, q: Queryable, input: InitiatedTransfer) => Promise<PlacedTransfer>;
  /** Cancels a pending or scheduled one-off transfer of the customer's (409 `transfer_not_cancellable` otherwise). */
  cancel: (ctx: AppContext, customerId: string, transferId: string) => Promise<unknown>;
}

let port: InitiatedTransfersPort | null = null;

/** Attaches the transfers module's side (wiring.ts). */
export function attachInitiatedTransfers(attached: InitiatedTransfersPort): void {
  port = attached;
}

/** The attached port, or an error naming the missing wiring. */
export function initiatedTransfers(): InitiatedTransfersPort {
  if (!port) throw new Error('No transfers port: wire the application (wiring.ts) first.');
  return port;
}
