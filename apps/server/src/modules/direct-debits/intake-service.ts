// Error codes thrown here: direct_debit_creditor_id_invalid, direct_debit_creditor_name_invalid,
//   direct_debit_due_date_invalid, direct_debit_due_date_past, direct_debit_mandate_reference_invalid,
//   direct_debit_remittance_invalid, direct_debit_signed_on_invalid, sandbox_account_not_found,
//   sandbox_debited_iban_invalid.
import type { DirectDebitCollection, SandboxDirectDebitRequest } from '@comptoir/contracts';
import {
  cents,
  creditorIdentity,
  isBusinessDay,
  isCreditorId,
  isIban,
  isIsoDate,
  isSepaText,
  mandateReferenceKey,
  maskIban,
  normalizeCreditorId,
  normalizeIban,
  parisDate,
  toJsonCents,
} from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError } from '../../errors.ts';
import { idempotent, requireIdempotencyKey } from '../../idempotency/idempotency.ts';
import { accountByIban } from '../../ledger/index.ts';
import { publishDirectDebit } from '../../events/index.ts';
import { sandboxOperatorId, sandboxScope, type SandboxActor } from '../../http/sandbox-actor.ts';
import {
  insertCollection,
  insertMandate,
  lockMandateByIdentity,
  type CollectionRow,
  type MandateRow,
} from './queries.ts';
import { toCollection } from './view.ts';

/** A SEPA mandate reference: 1 to 35 characters of the SEPA set, not only spaces. */
export const isMandateReference = (text: string): boolean =>
  text.trim().length >= 1 && text.length <= 35 && isSepaText(text);

/**
 * Checks an announced collection's SEPA fields, in the order of the request, each refusal with its
 * own French answer. Returns the identifier and IBAN in electronic form.
 */
export function checkAnnouncement(
  body: SandboxDirectDebitRequest,
  today: string,
): { iban: string; creditorId: string } {
  if (!isIban(body.iban)) throw new AppError('sandbox_debited_iban_invalid');
  if (!isCreditorId(body.creditorId)) throw new AppError('direct_debit_creditor_id_invalid');
  if (!isSepaText(body.creditorName)) throw new AppError('direct_debit_creditor_name_invalid');
  if (!isMandateReference(body.mandateId)) throw new AppError('direct_debit_mandate_reference_invalid');
  if (!isIsoDate(body.mandateSignedOn) || body.mandateSignedOn > today) {
    throw new AppError('direct_debit_signed_on_invalid');
  }
  if (!isSepaText(body.remittanceInfo)) throw new AppError('direct_debit_remittance_invalid');
  if (!isIsoDate(body.dueDate) || !isBusinessDay(body.dueDate))
    throw new AppError('direct_debit_due_date_invalid');
  if (body.dueDate < today) throw new AppError('direct_debit_due_date_past');
  return { iban: normalizeIban(body.iban), creditorId: normalizeCreditorId(body.creditorId) };
}

/**
 * Sandbox: a collection as the creditor's bank announces it on one of our customers' IBANs. A first
 * collection (FRST, OOFF) of a mandate this bank does not know records the mandate as signed; a
 * recurring or last one (RCUR, FNAL) of an unknown mandate is recorded all the same, without a
 * mandate, and will be returned MD01. At most once per (caller, Idempotency-Key), audited; the
 * customer is told live and gets a « Prélèvement annoncé » notification. Nothing is reserved: the
 * money moves on the due date (`executeDueDirectDebits`).
 */
export async function announceDirectDebit(
  ctx: AppContext,
  actor: SandboxActor,
  idempotencyKey: string | undefined,
  body: SandboxDirectDebitRequest,
): Promise<{ status: number; body: DirectDebitCollection; replayed: boolean }> {
  const key = requireIdempotencyKey(idempotencyKey);
  const { iban, creditorId } = checkAnnouncement(body, parisDate(ctx.clock.now()));
  const operatorId = sandboxOperatorId(actor);

  return idempotent<DirectDebitCollection>(ctx.db, sandboxScope(actor), key, body, async (q) => {
    const collection = await recordAnnouncement(ctx, q, operatorId, body, { iban, creditorId });
    return { status: 201, body: toCollection(collection, ctx.clock.now()) };
  });
}

/**
 * Records a checked announcement in the caller's transaction: the mandate when a first collection
 * names one this bank does not know, the collection, the audit row, the customer's live event.
 */
export async function recordAnnouncement(
  ctx: AppContext,
  q: Queryable,
  operatorId: string | null,
  body: SandboxDirectDebitRequest,
  checked: { iban: string; creditorId: string },
): Promise<CollectionRow> {
  const { iban, creditorId } = checked;
  const now = ctx.clock.now();
  const account = await accountByIban(q, iban);
  if (!account || account.kind === 'gl' || !account.customerId) {
    throw new AppError('sandbox_account_not_found');
  }
  const customerId = account.customerId;
  // One creditor whatever the spelling of its identifier, one mandate whatever the case or spaces of
  // its reference: a revoked or capped mandate cannot come back as a new one.
  const creditorKey = creditorIdentity(creditorId);
  const referenceKey = mandateReferenceKey(body.mandateId);
  let mandate: MandateRow | null = await lockMandateByIdentity(q, account.id, creditorKey, referenceKey);
  if (!mandate && (body.sequence === 'FRST' || body.sequence === 'OOFF')) {
    const fields = {
      customerId,
      accountId: account.id,
      creditorId,
      creditorKey,
      creditorName: body.creditorName,
      reference: body.mandateId,
      signedOn: body.mandateSignedOn,
      now,
    };
    mandate =
      (await insertMandate(q, fields)) ??
      (await lockMandateByIdentity(q, account.id, creditorKey, referenceKey));
  }
  const collection = await insertCollection(q, {
    customerId,
    accountId: account.id,
    mandateId: mandate?.id ?? null,
    creditorId,
    creditorName: body.creditorName,
    mandateReference: body.mandateId,
    sequence: body.sequence,
    amount: cents(body.amount),
    dueDate: body.dueDate,
    remittanceInfo: body.remittanceInfo,
    now,
  });
  await appendAudit(q, {
    operatorId,
    customerId,
    action: 'sandbox.direct_debit_announced',
    details: {
      collectionId: collection.id,
      iban: maskIban(iban),
      creditorId,
      mandateReference: body.mandateId,
      sequence: body.sequence,
      amount: body.amount,
      dueDate: body.dueDate,
    },
    at: now,
  });
  await publishDirectDebit(q, customerId, {
    collectionId: collection.id,
    status: 'announced',
    amount: toJsonCents(collection.amount),
    creditorName: collection.creditor_name,
    dueDate: collection.due_date,
    returnReason: null,
    returnMessage: null,
  });
  return collection;
}
