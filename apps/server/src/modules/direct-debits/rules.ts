import type { DirectDebitReturnReason, MandatePeriod } from '@comptoir/contracts';
import { addDays, creditorIdentity, monthlyDate, parisDate, type IsoDate } from '@comptoir/core';

/** What the execution of a collection reads before it touches the ledger. */
export interface ExecutionFacts {
  accountOpen: boolean;
  /** An asset freeze holds the customer's funds (docs/screening.md#freezing-in-the-payment-paths). */
  frozen: boolean;
  mandate: {
    status: 'active' | 'revoked' | 'ended';
    maxAmount: bigint | null;
    maxCount: number | null;
    /** No collection for 36 months before this one's due date (`mandateLapsed`): the mandate has expired. */
    lapsed?: boolean;
  } | null;
  refusedByCustomer: boolean;
  settings: {
    blockAll: boolean;
    allowedCreditorIds: readonly string[];
    blockedCreditorIds: readonly string[];
  };
  creditorId: string;
  amount: bigint;
  /** Collections of the mandate already booked in the limit's period of this one's due date. */
  bookedInPeriod: number;
}

/**
 * Why a collection cannot be paid, checked in this order (docs/direct-debits.md#return-reasons):
 * account closed AC04; funds frozen AC06 (account blocked: the account's state, never a name check);
 * mandate revoked, ended, lapsed or unknown MD01; refused by the customer MS02; refused by the
 * customer's rules AG01; over a limit of the mandate SL01. Null: it goes to the ledger, whose own
 * refusal of a short balance is AM04.
 */
export function returnReason(f: ExecutionFacts): DirectDebitReturnReason | null {
  if (!f.accountOpen) return 'AC04';
  if (f.frozen) return 'AC06';
  if (!f.mandate || f.mandate.status !== 'active' || f.mandate.lapsed === true) return 'MD01';
  if (f.refusedByCustomer) return 'MS02';
  if (!creditorAccepted(f.settings, f.creditorId)) return 'AG01';
  if (f.mandate.maxAmount !== null && f.amount > f.mandate.maxAmount) return 'SL01';
  if (f.mandate.maxCount !== null && f.bookedInPeriod >= f.mandate.maxCount) return 'SL01';
  return null;
}

/** The customer's rules: all refused, or only the allowed creditors (when listed), never the blocked ones. */
export function creditorAccepted(settings: ExecutionFacts['settings'], creditorId: string): boolean {
  if (settings.blockAll) return false;
  const creditor = creditorIdentity(creditorId);
  const named = (list: readonly string[]) => list.some((ci) => creditorIdentity(ci) === creditor);
  if (settings.allowedCreditorIds.length > 0 && !named(settings.allowedCreditorIds)) return false;
  return !named(settings.blockedCreditorIds);
}

/** The period [from, to) of a mandate's count limit that holds a due date. */
export function limitPeriod(dueDate: IsoDate, period: MandatePeriod): { from: IsoDate; to: IsoDate } {
  const year = Number(dueDate.slice(0, 4));
  const month = Number(dueDate.slice(5, 7));
  if (period === 'year') return { from: `${year}-01-01`, to: `${year + 1}-01-01` };
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return { from: `${dueDate.slice(0, 7)}-01`, to: next };
}

/** How long a booked collection may be refunded without question: 8 weeks after its debit date. */
export const REFUND_DAYS = 56;
/** How long an unauthorised collection may be claimed: 13 months after its debit date. */
export const CLAIM_MONTHS = 13;

/** The day (Europe/Paris) a booked collection was debited: the day it was booked. */
export const debitDate = (settledAt: Date): IsoDate => parisDate(settledAt);

/** The last day (Paris, until midnight) a collection debited on `debited` may be refunded: 56 days later. */
export const refundDeadline = (debited: IsoDate): IsoDate => addDays(debited, REFUND_DAYS);

/**
 * The last day (Paris, until midnight) an unauthorised collection debited on `debited` may be
 * claimed: the same day 13 months later (the month's last day when it has no such day).
 */
export const claimDeadline = (debited: IsoDate): IsoDate => monthlyDate(debited, CLAIM_MONTHS);

/** A mandate with no collection for this many months has expired (EPC SDD Core rulebook). */
export const MANDATE_LAPSE_MONTHS = 36;

/**
 * Whether a mandate last collected (or, never collected, recorded) on `lastOn` has lapsed for a
 * collection due on `dueDate`: due after the same day 36 months later.
 */
export const mandateLapsed = (lastOn: IsoDate, dueDate: IsoDate): boolean =>
  dueDate > monthlyDate(lastOn, MANDATE_LAPSE_MONTHS);
