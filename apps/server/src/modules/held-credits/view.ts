import type { CustomerHeldCredit, HeldCredit } from '@comptoir/contracts';
import { toJsonCents } from '@comptoir/core';
import { isOverdue } from './deadline.ts';
import type { CustomerHeldCreditRow, HeldCreditRow } from './queries.ts';

const operator = (id: string | null, name: string | null, email: string | null) =>
  id ? { id, name: name ?? '', email: email ?? '' } : null;

const isOpen = (status: HeldCreditRow['status']) =>
  status === 'held' || status === 'release_proposed' || status === 'return_proposed';

/** A held credit as the back office reads it: overdue only while it waits past its last day. */
export function heldCreditView(r: HeldCreditRow, now: Date): HeldCredit {
  const proposer = operator(r.proposer_id, r.proposer_name, r.proposer_email);
  const decider = operator(r.decider_id, r.decider_name, r.decider_email);
  return {
    id: r.id,
    status: r.status,
    customer: {
      id: r.customer_id,
      customerNumber: r.customer_number,
      firstName: r.first_name,
      lastName: r.last_name,
    },
    accountIban: r.account_iban,
    amount: toJsonCents(r.amount),
    originatorName: r.originator_name,
    originatorIban: r.originator_iban,
    reference: r.reference,
    creditNumber: r.credit_number,
    heldAt: r.held_at.toISOString(),
    heldBy: operator(r.held_by_id, r.held_by_name, r.held_by_email),
    holdRule: r.hold_rule,
    holdNote: r.hold_note,
    caseId: r.case_id,
    deadline: r.deadline,
    overdue: isOpen(r.status) && isOverdue(r.deadline, now),
    proposal:
      proposer && r.proposed_at && r.proposed_reason
        ? {
            action: r.status === 'return_proposed' || r.status === 'returned' ? 'return' : 'release',
            reason: r.proposed_reason as NonNullable<HeldCredit['proposal']>['reason'],
            note: r.proposed_note ?? '',
            by: proposer,
            at: r.proposed_at.toISOString(),
          }
        : null,
    decision:
      decider && r.decided_at && r.outcome_number
        ? { by: decider, at: r.decided_at.toISOString(), note: r.decided_note, entryNumber: r.outcome_number }
        : null,
  };
}

/** What the customer sees: verifying until decided, then released or returned; never why. */
export const customerHeldCreditView = (r: CustomerHeldCreditRow): CustomerHeldCredit => ({
  id: r.id,
  status: r.status === 'released' ? 'released' : r.status === 'returned' ? 'returned' : 'verifying',
  amount: toJsonCents(r.amount),
  originatorName: r.originator_name,
  heldAt: r.held_at.toISOString(),
  decidedAt: r.decided_at?.toISOString() ?? null,
});
