// Error codes thrown here: entry_insufficient_funds.
import { cents, toJsonCents } from '@comptoir/core';
import type { Queryable } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { glAccount, postEntry, type EntryRef } from '../../ledger/index.ts';
import { publishCredit, type PublishContext } from '../../events/index.ts';

export interface ManualEntryMovement {
  customerId: string;
  accountId: bigint;
  amount: bigint;
  direction: 'credit' | 'debit';
  reason: string;
  glAccount: 'gl:adjustments' | 'gl:fees';
  operatorId: string;
}

/**
 * Posts a manual entry through the ledger (kind `adjustment`, « Régularisation », the reason as
 * reference), against the chosen general-ledger account: never a balance edit. A debit needs the
 * funds (the ledger refuses otherwise); a credit is announced live to the customer.
 */
export async function postManualEntry(
  ctx: PublishContext,
  q: Queryable,
  m: ManualEntryMovement,
): Promise<EntryRef> {
  const gl = await glAccount(q, m.glAccount);
  const signed = m.direction === 'credit' ? m.amount : -m.amount;
  let ref: EntryRef;
  try {
    ref = await postEntry(q, {
      kind: 'adjustment',
      legs: [
        { accountId: m.accountId, amount: cents(signed) },
        { accountId: gl.id, amount: cents(-signed) },
      ],
      description: 'Régularisation',
      reference: m.reason,
      initiatedByOperator: m.operatorId,
      metadata: { manualEntry: true, glAccount: m.glAccount },
      at: ctx.clock.now(),
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'insufficient_funds') {
      throw new AppError('entry_insufficient_funds');
    }
    throw error;
  }
  if (m.direction === 'credit') {
    await publishCredit(q, m.customerId, {
      accountId: String(m.accountId),
      amount: toJsonCents(m.amount),
      counterpartyName: 'Régularisation',
      number: ref.number,
    });
  }
  return ref;
}
