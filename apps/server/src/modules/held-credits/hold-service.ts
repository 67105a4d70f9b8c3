// Error codes thrown here: held_credit_already_held, held_credit_not_incoming, held_credit_spent.
import { cents, type Cents } from '@comptoir/core';
import type { HeldCredit, HoldCreditRequest } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { OperatorPrincipal } from '../../http/operator-principal.ts';
import { glAccount, incomingCredit, lockCustomerAccount, postEntry } from '../../ledger/index.ts';
import { undecidedCaseOf } from '../monitoring/index.ts';
import { heldCreditAfterStep } from './lock.ts';
import { heldCreditOfEntry } from './queries.ts';
import { recordHold } from './record-hold.ts';

/**
 * Holds an incoming credit already booked to the customer's account (compliance, from a case's
 * operations): one entry moves its amount from the account to gl:held-credits, in the transaction
 * that records the hold. Only a credit from another bank (its money came through a clearing
 * account) can be held, once; and only while the account's own money still covers it — the
 * customer's overdraft is never used for a hold (409: a freeze is the tool then).
 */
export async function holdBookedCredit(
  ctx: AppContext,
  operator: OperatorPrincipal,
  body: HoldCreditRequest,
): Promise<HeldCredit> {
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const credit = await incomingCredit(q, BigInt(body.entryId));
    if (!credit) throw new AppError('held_credit_not_incoming');
    // The account's lock first: of two holds of one credit, the second finds the first's row.
    const account = await lockCustomerAccount(q, credit.customerId, credit.accountId);
    if (!account) throw new AppError('held_credit_not_incoming');
    if (await heldCreditOfEntry(q, credit.entryId)) throw new AppError('held_credit_already_held');
    const own = (account.postedBalance - account.pendingDebits) as Cents;
    if (account.status !== 'open' || own < credit.amount) throw new AppError('held_credit_spent');
    const suspense = await glAccount(q, 'gl:held-credits');
    const hold = await postEntry(q, {
      kind: 'adjustment',
      legs: [
        { accountId: account.id, amount: cents(-BigInt(credit.amount)) },
        { accountId: suspense.id, amount: credit.amount },
      ],
      description: 'Virement reçu en cours de vérification',
      counterpartyName: credit.originatorName,
      counterpartyIban: credit.originatorIban,
      reference: credit.number,
      initiatedByOperator: operator.id,
      metadata: { heldCredit: 'hold', creditEntryId: String(credit.entryId) },
      at: now,
    });
    const watched = await undecidedCaseOf(q, credit.customerId);
    const id = await recordHold(q, {
      customerId: credit.customerId,
      accountId: credit.accountId,
      creditEntryId: credit.entryId,
      holdEntryId: hold.entryId,
      clearingCode: credit.clearingCode,
      amount: credit.amount,
      originatorName: credit.originatorName,
      originatorIban: credit.originatorIban,
      reference: credit.reference,
      heldAt: now,
      heldBy: operator.id,
      holdRule: null,
      caseId: watched?.caseId ?? null,
      holdNote: body.note,
    });
    return heldCreditAfterStep(ctx, q, id);
  });
}
