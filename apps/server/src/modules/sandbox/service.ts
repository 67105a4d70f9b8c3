// Error codes thrown here: account_not_open, sandbox_account_not_found, sandbox_credited_iban_invalid,
//   sandbox_debtor_iban_invalid.
import { cents, isIban, maskIban, normalizeIban } from '@comptoir/core';
import type { IncomingTransferRequest, IncomingTransferResponse } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { idempotent, requireIdempotencyKey } from '../../idempotency/idempotency.ts';
import { accountByIban, glAccount, postEntry } from '../../ledger/index.ts';
import { appendAudit } from '../../audit/audit.ts';
import { publishCredit } from '../../events/index.ts';
import { arrivalHoldFor, recordArrivalHold } from '../held-credits/index.ts';
import { undecidedCaseOf } from '../monitoring/index.ts';
import { sandboxOperatorId, sandboxScope, type SandboxActor } from '../../http/sandbox-actor.ts';

/**
 * Sandbox rail: an incoming SEPA credit transfer to one of our customers' IBANs, as if another bank
 * had sent it. Money comes from `gl:sepa-clearing` through a posted entry (never a balance edit),
 * at most once per (caller, Idempotency-Key), audited in the same transaction (the operator, or the
 * system when the sandbox key called).
 */
export async function simulateIncomingTransfer(
  ctx: AppContext,
  actor: SandboxActor,
  idempotencyKey: string | undefined,
  body: IncomingTransferRequest,
): Promise<{ status: number; body: IncomingTransferResponse; replayed: boolean }> {
  const key = requireIdempotencyKey(idempotencyKey);
  if (!isIban(body.iban)) throw new AppError('sandbox_credited_iban_invalid');
  if (!isIban(body.debtorIban)) throw new AppError('sandbox_debtor_iban_invalid');
  const iban = normalizeIban(body.iban);
  const debtorIban = normalizeIban(body.debtorIban);
  const operatorId = sandboxOperatorId(actor);

  return idempotent<IncomingTransferResponse>(ctx.db, sandboxScope(actor), key, body, async (q) => {
    const account = await accountByIban(q, iban);
    if (!account || account.kind === 'gl' || !account.customerId) {
      throw new AppError('sandbox_account_not_found');
    }
    if (account.status !== 'open') throw new AppError('account_not_open');
    const clearing = await glAccount(q, 'gl:sepa-clearing');
    const amount = cents(body.amount);
    const now = ctx.clock.now();
    // A credit the rule asks to hold is booked to the suspense account, in this commit.
    const hold = arrivalHoldFor(amount, await undecidedCaseOf(q, account.customerId));
    const creditedId = hold ? (await glAccount(q, 'gl:held-credits')).id : account.id;
    const ref = await postEntry(q, {
      kind: 'transfer',
      legs: [
        { accountId: clearing.id, amount: cents(-body.amount) },
        { accountId: creditedId, amount },
      ],
      description: 'Virement SEPA reçu',
      counterpartyName: body.debtorName,
      counterpartyIban: debtorIban,
      reference: body.reference || null,
      initiatedByOperator: operatorId,
      metadata: { sandbox: true, rail: 'sepa', ...(hold ? { heldCredit: 'arrival' } : {}) },
      at: now,
    });
    await appendAudit(q, {
      operatorId,
      customerId: account.customerId,
      action: 'sandbox.incoming_transfer',
      details: {
        entryId: String(ref.entryId),
        number: ref.number,
        accountId: String(account.id),
        iban: maskIban(iban),
        amount: body.amount,
        debtorName: body.debtorName,
        debtorIban: maskIban(debtorIban),
        reference: body.reference,
        held: hold !== null,
      },
      at: now,
    });
    if (hold) {
      await recordArrivalHold(
        q,
        {
          customerId: account.customerId,
          accountId: account.id,
          entryId: ref.entryId,
          clearingCode: 'gl:sepa-clearing',
          amount,
          originatorName: body.debtorName,
          originatorIban: debtorIban,
          reference: body.reference || null,
          at: now,
        },
        hold,
      );
    } else {
      await publishCredit(q, account.customerId, {
        accountId: String(account.id),
        amount: body.amount,
        counterpartyName: body.debtorName,
        number: ref.number,
      });
    }
    return {
      status: 201,
      body: { entryId: String(ref.entryId), number: ref.number, status: 'posted', held: hold !== null },
    };
  });
}
