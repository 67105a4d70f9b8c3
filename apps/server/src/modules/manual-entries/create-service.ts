// Error codes thrown here: customer_no_open_account, customer_not_found.
import { toJsonCents } from '@comptoir/core';
import type { ManualEntry, ManualEntryRequest } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError } from '../../errors.ts';
import { idempotent, requireIdempotencyKey } from '../../idempotency/idempotency.ts';
import type { OperatorPrincipal } from '../../http/operator-principal.ts';
import { customerIdParam } from '../../http/params.ts';
import { manualEntryView } from './manual-entry-view.ts';
import { postManualEntry } from './post-manual-entry.ts';
import {
  insertManualEntry,
  lockCustomerMainAccount,
  lockMakerEntries,
  makerSumsSince,
  manualEntryById,
  type ApprovalReason,
} from './queries.ts';

/** The window over which an operator's entries are summed. */
export const MANUAL_ENTRY_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * A manual entry (« régularisation », docs/product/back-office.md#customers) on the customer's main account. It waits for a second
 * operator when its amount passes `MANUAL_ENTRY_APPROVAL_THRESHOLD`, or when what the maker booked
 * alone over the last 24 hours would, with it, pass that threshold for this customer, or pass
 * `MANUAL_ENTRY_DAILY_LIMIT` over all customers — so four eyes cannot be split into small
 * entries. Otherwise it is posted at once. The maker's entries are serialised by a lock taken before
 * the sums are read. At most once per (operator, Idempotency-Key); the row, the ledger entry and the
 * audit row commit together.
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
      await lockMakerEntries(q, operator.id);
      const customer = await lockCustomerMainAccount(q, customerId);
      if (!customer) throw new AppError('customer_not_found');
      if (customer.account_id === null || customer.status !== 'active') {
        throw new AppError('customer_no_open_account');
      }
      const amount = BigInt(body.amount);
      const sums = await makerSumsSince(
        q,
        operator.id,
        customerId,
        new Date(now.getTime() - MANUAL_ENTRY_WINDOW_MS),
      );
      const approvalReason = reasonToWait(ctx, amount, sums);
      const pending = approvalReason !== null;
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
        approvalReason,
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
          ...(approvalReason ? { approvalReason } : {}),
          ...(ref ? { entryId: String(ref.entryId), number: ref.number } : {}),
        },
        at: now,
      });
      const row = await manualEntryById(q, id);
      return { status: 201, body: manualEntryView(row!) };
    },
  );
}

/** Why the entry must wait for a second operator, or null when its maker may post it alone. */
function reasonToWait(
  ctx: AppContext,
  amount: bigint,
  sums: { customer: bigint; total: bigint },
): ApprovalReason | null {
  const threshold = BigInt(ctx.config.manualEntryApprovalThreshold);
  if (amount > threshold) return 'amount';
  if (sums.customer + amount > threshold) return 'cumulative_customer';
  if (sums.total + amount > BigInt(ctx.config.manualEntryOperatorDailyLimit)) return 'cumulative_operator';
  return null;
}
