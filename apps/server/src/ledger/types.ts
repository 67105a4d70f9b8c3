import type { Cents } from '@comptoir/core';

export type EntryKind = 'transfer' | 'card' | 'direct_debit' | 'adjustment' | 'internal';
export type EntryStatus = 'pending' | 'posted' | 'voided';

/** One leg of an entry: a signed amount on one account (negative = debit). Legs sum to zero. */
export interface Leg {
  accountId: bigint;
  amount: Cents;
}

export interface EntryInput {
  kind: EntryKind;
  legs: readonly Leg[];
  description?: string | null;
  counterpartyName?: string | null;
  counterpartyIban?: string | null;
  reference?: string | null;
  initiatedByCustomer?: string | null;
  initiatedByOperator?: string | null;
  metadata?: Record<string, unknown>;
  /** The `st-` number to use if still free (a transfer keeps the one it showed at creation). */
  number?: string;
  /** When the entry is written: the application clock's time (`ctx.clock.now()`), or when the event
   * happened for imports and the demo history. The database never stamps ledger times itself. */
  at: Date;
  /**
   * The day (YYYY-MM-DD) the amount counts from, when not the booking day: a direct debit's refund
   * is value-dated on the day the collection was debited. Left out: the booking day.
   */
  valueDate?: string;
}

export interface EntryRef {
  entryId: bigint;
  number: string;
  status: EntryStatus;
}

export interface LedgerAccount {
  id: bigint;
  code: string | null;
  customerId: string | null;
  kind: 'customer_main' | 'customer_sub' | 'gl';
  name: string;
  iban: string | null;
  postedBalance: Cents;
  pendingDebits: Cents;
  overdraftLimit: Cents;
  floorEnforced: boolean;
  status: 'open' | 'closed';
  /** When the account was opened (first month of its statements). */
  openedAt: Date;
}

export const availableBalance = (
  a: Pick<LedgerAccount, 'postedBalance' | 'pendingDebits' | 'overdraftLimit'>,
) => (a.postedBalance - a.pendingDebits + a.overdraftLimit) as Cents;
