import type { Cents } from '@comptoir/core';
import type { Queryable } from '../../db/types.ts';
import type { ClearingCode } from '../../ledger/index.ts';
import { undecidedCaseRules } from '../monitoring/index.ts';
import { arrivalHold } from './arrival-rule.ts';
import { recordHold } from './record-hold.ts';

/**
 * Whether an incoming credit about to be booked is held on arrival (./arrival-rule.ts), read in the
 * booking's transaction: one indexed look at the customer's case not yet decided. Null: book it to
 * the customer as usual.
 */
export async function arrivalHoldFor(
  q: Queryable,
  customerId: string,
  amount: Cents,
): Promise<{ rule: string; caseId: string } | null> {
  const watched = await undecidedCaseRules(q, customerId);
  const rule = arrivalHold(amount, watched);
  return rule && watched ? { rule, caseId: watched.caseId } : null;
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
