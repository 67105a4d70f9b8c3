import type { DirectDebitCollection, DirectDebitMandate } from '@comptoir/contracts';
import { longDay, parisToday } from '../transfers/transfer-dates.ts';

/**
 * What the « Prélèvements » screen shows of a collection and a mandate (docs/direct-debits.md):
 * which list it sits in, its state, and which of the customer's acts it still allows. The server
 * decides every deadline (`refusableUntil`, `refundableUntil`, `claimableUntil`) and checks it again
 * on the act; the screen only hides a button once it is no use.
 */

/** A collection's state as the customer reads it: a refunded one is no longer just « Débité ». */
export type CollectionState = 'announced' | 'refused' | 'booked' | 'returned' | 'refunded';

export const collectionState = (c: DirectDebitCollection): CollectionState =>
  c.refundedAt !== null ? 'refunded' : c.status;

/** « À venir »: the announced ones, the nearest due date first. */
export const comingCollections = (items: readonly DirectDebitCollection[]): DirectDebitCollection[] =>
  items
    .filter((c) => c.status === 'announced')
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.createdAt.localeCompare(b.createdAt));

/** « Passés »: refused, debited, returned or refunded, the latest due date first. */
export const pastCollections = (items: readonly DirectDebitCollection[]): DirectDebitCollection[] =>
  items
    .filter((c) => c.status !== 'announced')
    .sort((a, b) => b.dueDate.localeCompare(a.dueDate) || b.createdAt.localeCompare(a.createdAt));

/** « Refuser »: an announced collection, until the end of `refusableUntil` (Paris); `today` is Paris's. */
export const canRefuse = (c: DirectDebitCollection, today: string): boolean =>
  c.status === 'announced' && today <= c.refusableUntil;

/** « Demander le remboursement »: debited, not refunded, within its 8 weeks (the server says until when). */
export const canRefund = (c: DirectDebitCollection): boolean =>
  c.status === 'booked' && c.refundedAt === null && c.refundableUntil !== null;

/** « Contester »: debited, not refunded, no claim yet, within its 13 months. */
export const canClaim = (c: DirectDebitCollection): boolean =>
  c.status === 'booked' && c.refundedAt === null && c.claim === null && c.claimableUntil !== null;

/** Limits may be set on a mandate still in force only (the server refuses the others). */
export const isActiveMandate = (m: DirectDebitMandate): boolean => m.status === 'active';

/** The mandates in force first, then the revoked and ended ones; newest first within each. */
export const sortedMandates = (items: readonly DirectDebitMandate[]): DirectDebitMandate[] =>
  [...items].sort(
    (a, b) =>
      Number(isActiveMandate(b)) - Number(isActiveMandate(a)) || b.createdAt.localeCompare(a.createdAt),
  );

/** « 7 décembre 2026 » for an instant, on its Paris day (the bank's day). */
export const instantDay = (isoDateTime: string): string => {
  const instant = new Date(isoDateTime);
  return Number.isNaN(instant.getTime()) ? '' : longDay(parisToday(instant));
};

/** The day a debited collection left the account: its booking's Paris day (its due date until then). */
export const debitDay = (c: DirectDebitCollection): string =>
  c.settledAt ? instantDay(c.settledAt) : longDay(c.dueDate);
