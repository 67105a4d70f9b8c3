import { maskIban, toJsonCents } from '@comptoir/core';
import type { Queryable } from '../../db/types.ts';
import { appendAudit } from '../../audit/audit.ts';
import { publishHeldCreditChanged } from '../../events/index.ts';
import { decisionDeadline } from './deadline.ts';
import { insertHeldCredit, type NewHeldCredit } from './queries.ts';

/**
 * Writes a hold once its money sits on gl:held-credits, in the same transaction: the row with its
 * deadline, the audit (who or which rule, never the note), and the customer's screens told to read
 * their balances again.
 */
export async function recordHold(q: Queryable, hold: Omit<NewHeldCredit, 'deadline'>): Promise<string> {
  const id = await insertHeldCredit(q, { ...hold, deadline: decisionDeadline(hold.heldAt) });
  await appendAudit(q, {
    operatorId: hold.heldBy,
    customerId: hold.customerId,
    action: 'held_credit.held',
    details: {
      heldCreditId: id,
      creditEntryId: String(hold.creditEntryId),
      holdEntryId: String(hold.holdEntryId),
      amount: toJsonCents(hold.amount),
      originatorIban: hold.originatorIban ? maskIban(hold.originatorIban) : null,
      rule: hold.holdRule,
      caseId: hold.caseId,
      withNote: hold.holdNote !== null,
    },
    at: hold.heldAt,
  });
  await publishHeldCreditChanged(q, hold.customerId);
  return id;
}
