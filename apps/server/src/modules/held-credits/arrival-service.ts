import type { Cents } from '@comptoir/core';
import type { MonitoringRule } from '@comptoir/contracts';
import type { Queryable } from '../../db/types.ts';
import type { ClearingCode } from '../../ledger/index.ts';
import { arrivalHold } from './arrival-rule.ts';
import { recordHold } from './record-hold.ts';

/**
 * Whether an incoming credit about to be booked is held on arrival (./arrival-rule.ts), given the
 * customer's monitoring case not yet decided (the booking reads it in its transaction: one indexed
 * row). Null: book it to the customer as usual.
 */
export function arrivalHoldFor(
  amount: Cents,
  undecidedCase: { caseId: string; rules: readonly MonitoringRule[] } | null,
): { rule: string; caseId: string } | null {
  const rule = arrivalHold(amount, undecidedCase);
  return rule && undecidedCase ? { rule, caseId: undecidedCase.caseId } : null;
}

/** Records a credit held on arrival, its entry booked to gl:held-credits in the same transaction. */
export const recordArrivalHold = (
  q: Queryable,
  credit: {
    customerId: string;
    accountId: bigint;
    entryId: bigint;
    clearingCode: ClearingCode;
    amount: Cents;
    originatorName: string | null;
    originatorIban: string | null;
    reference: string | null;
    at: Date;
  },
  hold: { rule: string; caseId: string },
): Promise<string> =>
  recordHold(q, {
    customerId: credit.customerId,
    accountId: credit.accountId,
    creditEntryId: credit.entryId,
    holdEntryId: credit.entryId,
    clearingCode: credit.clearingCode,
    amount: credit.amount,
    originatorName: credit.originatorName,
    originatorIban: credit.originatorIban,
    reference: credit.reference,
    heldAt: credit.at,
    heldBy: null,
    holdRule: hold.rule,
    caseId: hold.caseId,
    holdNote: null,
  });
