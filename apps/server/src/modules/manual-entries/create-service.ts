import { toJsonCents } from '@comptoir/core';
import type { ManualEntry, ManualEntryRequest } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError, notFound } from '../../errors.ts';
import { idempotent, requireIdempotencyKey } from '../../idempotency/idempotency.ts';
import type { OperatorPrincipal } from '../operators/auth-service.ts';
import { customerIdParam } from '../review/customers-service.ts';
import { manualEntryView } from './manual-entry-view.ts';
import { postManualEntry } from './post-manual-entry.ts';
import { insertManualEntry, lockCustomerMainAccount, manualEntryById } from './queries.ts';

/**
 * A manual entry (« régularisation », SPEC §7) on the customer's main account: at or below
 * `MANUAL_ENTRY_APPROVAL_THRESHOLD` it is posted at once; above it it waits for a second operator.
 * At most once per (operator, Idempotency-Key); the row, the ledger entry and the audit row commit
 * together.
 */
export async function createManualEntry(
  ctx: AppContext,
  operator: OperatorPrincipal,
  customerParam: string,
  idempotencyKey: string | undefined,
  body: ManualEntryRequest,
): Promise<{ status: number; body: ManualEntry; replayed: boolean }> {
  const key = requireIdempotencyKey(idempotencyKey);
  const customerId = customerIdParam(customerParam);
  const now = ctx.clock.now();
  return idempotent<ManualEntry>(
    ctx.db,
    `operator:${operator.id}:manual-entry:${customerId}`,
    key,
    body,
    async (q) => {
      const customer = await lockCustomerMainAccount(q, customerId);
      if (!customer) throw notFound('Client introuvable.');
      if (customer.account_id === null || customer.status !== 'active') {
        throw new AppError('conflict', 409, 'Ce client n’a pas de compte ouvert.');
      }
      const amount = BigInt(body.amount);
      const pending = amount > BigInt(ctx.config.manualEntryApprovalThreshold);
      const ref = pending
        ? null
        : await postManualEntry(ctx, q, {
            customerId,
            accountId: customer.account_id,
            amount,
            direction: body.direction,
            reason: body.reason,
            glAccount: body.glAccount,
            operatorId: operator.id,
          });
      const id = await insertManualEntry(q, {
        customerId,
        accountId: customer.account_id,
        amount,
        direction: body.direction,
        reason: body.reason,
        glAccount: body.glAccount,
        makerId: operator.id,
        status: pending ? 'pending' : 'posted',
        entryId: ref?.entryId ?? null,
        now,
      });
      await appendAudit(q, {
        operatorId: operator.id,
        customerId,
        action: pending ? 'manual_entry.requested' : 'manual_entry.posted',
        details: {
          manualEntryId: id,
          amount: toJsonCents(amount),
          direction: body.direction,
          reason: body.reason,
          glAccount: body.glAccount,
          ...(ref ? { entryId: String(ref.entryId), number: ref.number } : {}),
        },
        at: now,
      });
      const row = await manualEntryById(q, id);
      return { status: 201, body: manualEntryView(row!) };
    },
  );
}
