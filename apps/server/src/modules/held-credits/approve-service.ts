// Error codes thrown here: held_credit_account_closed, held_credit_checker_too_recent,
//   held_credit_not_proposed, held_credit_own_approval.
import { cents, toJsonCents } from '@comptoir/core';
import type { ApproveHeldCreditRequest, HeldCredit } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError } from '../../errors.ts';
import { publishCredit, publishHeldCreditChanged } from '../../events/index.ts';
import type { OperatorPrincipal } from '../../http/operator-principal.ts';
import { glAccount, lockCustomerAccount, postEntry, type EntryRef } from '../../ledger/index.ts';
import { requireSecondOperator } from '../operators/index.ts';
import { heldCreditAfterStep, lockUndecidedHeldCredit } from './lock.ts';
import { recordDecision, type LockedHeldCredit } from './queries.ts';

/**
 * The second operator — never the proposer, and one already active when it was proposed — approves
 * the proposal, and its balanced entry is booked in the same transaction as the decision:
 * - a release moves the amount from gl:held-credits to the customer's account. A credit held on
 *   arrival is then booked to the customer as the incoming transfer it is (the monitoring's rules
 *   read it like any credit); one held afterwards comes back as an adjustment (they already read it).
 * - a return moves it from gl:held-credits to the clearing account it came through, naming the
 *   originator and the return's ISO 20022 reason code: the originator's bank gets it back.
 * The customer's screens read their balances again; a release is also a credit they are told of.
 */
export async function approveHeldCredit(
  ctx: AppContext,
  operator: OperatorPrincipal,
  idParam: string,
  body: ApproveHeldCreditRequest,
): Promise<HeldCredit> {
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const held = await lockUndecidedHeldCredit(q, idParam);
    if (held.status === 'held' || !held.proposed_at) throw new AppError('held_credit_not_proposed');
    await requireSecondOperator(
      q,
      operator.id,
      { by: held.proposed_by, at: held.proposed_at },
      { own: 'held_credit_own_approval', tooRecent: 'held_credit_checker_too_recent' },
    );
    const release = held.status === 'release_proposed';
    const entry = release
      ? await bookRelease(q, held, operator.id, now)
      : await bookReturn(q, held, operator.id, now);
    await recordDecision(q, {
      id: held.id,
      status: release ? 'released' : 'returned',
      operatorId: operator.id,
      note: body.note ?? null,
      entryId: entry.entryId,
      now,
    });
    await appendAudit(q, {
      operatorId: operator.id,
      customerId: held.customer_id,
      action: release ? 'held_credit.released' : 'held_credit.returned',
      details: {
        heldCreditId: held.id,
        entryId: String(entry.entryId),
        number: entry.number,
        amount: toJsonCents(held.amount),
        reason: held.proposed_reason,
        proposerId: held.proposed_by,
        withNote: body.note !== undefined,
      },
      at: now,
    });
    await publishHeldCreditChanged(q, held.customer_id);
    if (release) {
      await publishCredit(q, held.customer_id, {
        accountId: String(held.account_id),
        amount: toJsonCents(held.amount),
        counterpartyName: held.originator_name,
        number: entry.number,
      });
    }
    return heldCreditAfterStep(ctx, q, held.id);
  });
}

async function bookRelease(
  q: Queryable,
  held: LockedHeldCredit,
  operatorId: string,
  now: Date,
): Promise<EntryRef> {
  const account = await lockCustomerAccount(q, held.customer_id, held.account_id);
  if (account?.status !== 'open') throw new AppError('held_credit_account_closed');
  const suspense = await glAccount(q, 'gl:held-credits');
  const onArrival = held.hold_rule !== null;
  return postEntry(q, {
    kind: onArrival ? 'transfer' : 'adjustment',
    legs: [
      { accountId: suspense.id, amount: cents(-BigInt(held.amount)) },
      { accountId: account.id, amount: held.amount },
    ],
    description: onArrival ? 'Virement SEPA reçu' : 'Virement reçu disponible après vérification',
    counterpartyName: held.originator_name,
    counterpartyIban: held.originator_iban,
    reference: held.reference,
    initiatedByOperator: operatorId,
    metadata: { heldCredit: 'release', heldCreditId: held.id, creditEntryId: String(held.credit_entry_id) },
    at: now,
  });
}

async function bookReturn(
  q: Queryable,
  held: LockedHeldCredit,
  operatorId: string,
  now: Date,
): Promise<EntryRef> {
  const suspense = await glAccount(q, 'gl:held-credits');
  const clearing = await glAccount(q, held.clearing_code);
  return postEntry(q, {
    kind: 'transfer',
    legs: [
      { accountId: suspense.id, amount: cents(-BigInt(held.amount)) },
      { accountId: clearing.id, amount: held.amount },
    ],
    description: 'Retour d’un virement reçu',
    counterpartyName: held.originator_name,
    counterpartyIban: held.originator_iban,
    reference: held.reference,
    initiatedByOperator: operatorId,
    metadata: {
      heldCredit: 'return',
      heldCreditId: held.id,
      creditEntryId: String(held.credit_entry_id),
      returnReason: held.proposed_reason,
    },
    at: now,
  });
}
