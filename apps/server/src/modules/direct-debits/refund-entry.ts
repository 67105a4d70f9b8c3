import { cents, toJsonCents } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { glAccount, postEntry } from '../../ledger/index.ts';
import { publishDirectDebit } from '../../events/index.ts';
import { markRefunded, type CollectionRow } from './queries.ts';
import { debitDate } from './rules.ts';

/**
 * Credits a booked collection back, at once, in one ledger entry of kind `direct_debit` from
 * `gl:sepa-clearing` to the account it was debited from, value-dated on the debit date (the amount
 * counts as if it had never left), and marks the collection refunded. The caller holds the
 * collection's row lock and has checked it is booked and not refunded. The customer's refund names
 * the customer as initiator, an accepted claim the deciding operator.
 */
export async function creditBack(
  q: Queryable,
  c: CollectionRow,
  by: { customerId: string } | { operatorId: string },
  now: Date,
): Promise<CollectionRow> {
  if (c.settled_at === null) throw new Error(`collection ${c.id} was never booked`);
  const clearing = await glAccount(q, 'gl:sepa-clearing');
  const ref = await postEntry(q, {
    kind: 'direct_debit',
    legs: [
      { accountId: clearing.id, amount: cents(0n - c.amount) },
      { accountId: c.account_id, amount: cents(c.amount) },
    ],
    description: 'Remboursement de prélèvement SEPA',
    counterpartyName: c.creditor_name,
    reference: c.mandate_reference,
    initiatedByCustomer: 'customerId' in by ? by.customerId : null,
    initiatedByOperator: 'operatorId' in by ? by.operatorId : null,
    metadata: {
      collectionId: c.id,
      mandateReference: c.mandate_reference,
      creditorId: c.creditor_id,
      refund: true,
    },
    at: now,
    valueDate: debitDate(c.settled_at),
  });
  return markRefunded(q, c.id, ref.entryId, now);
}

/** Tells the customer live (and by a notification) that a booked collection was refunded or its claim decided. */
export const publishRefundActivity = (
  ctx: AppContext,
  q: Queryable,
  c: CollectionRow,
  activity: 'refunded' | 'claim_accepted' | 'claim_rejected',
  decisionNote: string | null,
): Promise<void> =>
  publishDirectDebit(q, c.customer_id, {
    collectionId: c.id,
    status: c.status,
    amount: toJsonCents(c.amount),
    creditorName: c.creditor_name,
    dueDate: c.due_date,
    returnReason: null,
    returnMessage: null,
    activity,
    decisionNote,
  });
