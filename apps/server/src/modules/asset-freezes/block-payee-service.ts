import { randomUUID } from 'node:crypto';
import { normalizeIban } from '@comptoir/core';
import { appendAudit } from '../../audit/audit.ts';
import type { Queryable } from '../../db/types.ts';
import type { FreezeOutcome } from './freeze-outcome.ts';
import { insertPayeeBlock, payeeBlockInForce } from './queries.ts';

/**
 * Blocks transfers from the customer to a payee whose match was confirmed, inside the caller's
 * transaction. The block names the payee by its canonical IBAN (and the name screened), so deleting
 * the beneficiary and adding it again does not lift it. A block of that IBAN already in force is
 * kept (`created: false`).
 */
export async function blockPayee(
  q: Queryable,
  input: {
    customerId: string;
    beneficiaryId: string;
    payeeIban: string;
    payeeName: string;
    alertId: string;
    operatorId: string;
    now: Date;
  },
): Promise<FreezeOutcome> {
  const id = randomUUID();
  const payeeIban = normalizeIban(input.payeeIban);
  const payeeName = input.payeeName.slice(0, 200);
  const made = await insertPayeeBlock(q, { id, ...input, payeeIban, payeeName });
  if (!made) {
    const existing = await payeeBlockInForce(q, input.customerId, payeeIban);
    if (!existing) throw new Error('payee block neither made nor in force');
    return { freezeId: existing, created: false };
  }
  await appendAudit(q, {
    operatorId: input.operatorId,
    customerId: input.customerId,
    action: 'asset_freeze.payee_blocked',
    details: { freezeId: id, alertId: input.alertId, beneficiaryId: input.beneficiaryId },
    at: input.now,
  });
  return { freezeId: id, created: true };
}
