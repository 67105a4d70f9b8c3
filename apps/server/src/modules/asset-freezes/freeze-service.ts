import { randomUUID } from 'node:crypto';
import { appendAudit } from '../../audit/audit.ts';
import type { Queryable } from '../../db/types.ts';
import { announceFreezeChange } from './announce-change.ts';
import type { FreezeOutcome } from './freeze-outcome.ts';
import { customerFreezeInForce, insertCustomerFreeze } from './queries.ts';

/**
 * Freezes the customer's funds (an asset freeze), inside the caller's transaction — the approval of
 * a confirmed screening match. From its commit, outgoing payments read the row and are refused;
 * incoming credits are booked as usual and stay frozen with the rest. A freeze already in force is
 * kept (`created: false`): a second confirmed match joins it. The customer's live stream is told
 * only that something changed (their status, unchanged, and their balances to read again): never
 * why — no list, no alert, no notification, no mail.
 */
export async function freezeCustomer(
  q: Queryable,
  input: { customerId: string; alertId: string; operatorId: string; now: Date },
): Promise<FreezeOutcome> {
  const id = randomUUID();
  const made = await insertCustomerFreeze(q, { id, ...input });
  if (!made) {
    const existing = await customerFreezeInForce(q, input.customerId);
    if (!existing) throw new Error('customer freeze neither made nor in force');
    return { freezeId: existing, created: false };
  }
  await appendAudit(q, {
    operatorId: input.operatorId,
    customerId: input.customerId,
    action: 'asset_freeze.frozen',
    details: { freezeId: id, alertId: input.alertId },
    at: input.now,
  });
  await announceFreezeChange(q, input.customerId);
  return { freezeId: id, created: true };
}
