import { createHash } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import { canonicalJson, toJsonValue } from './canonical-json.ts';
import { auditBatch, insertAuditRow, lockAuditHead, setAuditHead } from './queries.ts';

/** The hash before the first entry (the value audit_head starts with). */
export const GENESIS_HASH = '0'.repeat(64);

export interface AuditInput {
  /** The acting operator; null for the system (CLI, seed, jobs) or the customer (see `actor`). */
  operatorId: string | null;
  /**
   * `'customer'` when the customer acted on their own account (then `operatorId` is null and
   * `customerId` names them); left out for an operator or the system.
   */
  actor?: 'customer';
  /** The customer the action concerns, when there is one. */
  customerId: string | null;
  /** Dotted verb, e.g. `operator.login`, `customer.approved`, `sandbox.incoming_transfer`. */
  action: string;
  details: Record<string, unknown>;
  /** When it happened; pass `ctx.clock.now()`. Defaults to the system time. */
  at?: Date;
}

/**
 * sha256(prev_hash ‖ canonical JSON of {at, operatorId, customerId, action, details, actor?}), hex.
 * `actor` enters the hash only when set (canonical JSON drops undefined), so entries written before
 * it existed keep their hashes.
 */
export function auditHash(
  prevHash: string,
  e: {
    at: Date;
    operatorId: string | null;
    customerId: string | null;
    action: string;
    details: Record<string, unknown>;
    actor?: 'customer' | null | undefined;
  },
): string {
  const body = canonicalJson({
    at: e.at.toISOString(),
    operatorId: e.operatorId,
    customerId: e.customerId,
    action: e.action,
    details: e.details,
    actor: e.actor ?? undefined,
  });
  return createHash('sha256').update(prevHash).update(body).digest('hex');
}

/**
 * Appends one entry to the hash-chained audit log. Call it INSIDE the transaction that makes the
 * change, so the change and its trace commit (or roll back) together. The head row is locked for
 * the rest of that transaction: appends are serialised across every connection and instance.
 */
export async function appendAudit(q: Queryable, entry: AuditInput): Promise<{ id: bigint; hash: string }> {
  const row = {
    // Millisecond precision: exactly what a timestamptz stores and a JS Date reads back.
    at: new Date((entry.at ?? new Date()).getTime()),
    operatorId: entry.operatorId?.toLowerCase() ?? null,
    customerId: entry.customerId?.toLowerCase() ?? null,
    action: entry.action,
    details: toJsonValue(entry.details),
    actor: entry.actor ?? null,
  };
  if (row.actor === 'customer' && (row.operatorId !== null || row.customerId === null))
    throw new Error('a customer-acted audit entry names the customer and no operator');
  const prevHash = await lockAuditHead(q);
  const hash = auditHash(prevHash, row);
  const id = await insertAuditRow(q, { ...row, prevHash, hash });
  await setAuditHead(q, hash);
  return { id, hash };
}

/**
 * Recomputes the whole chain in append order. Returns the id of the first entry whose link or hash
 * does not match (tampered, inserted out of band, or chained to the wrong predecessor), or null.
 */
export async function verifyAuditChain(q: Queryable, batchSize = 1000): Promise<bigint | null> {
  let expectedPrev = GENESIS_HASH;
  let afterId = 0n;
  for (;;) {
    const rows = await auditBatch(q, afterId, batchSize);
    for (const r of rows) {
      const hash = auditHash(r.prev_hash, {
        at: r.at,
        operatorId: r.operator_id,
        customerId: r.customer_id,
        action: r.action,
        details: r.details,
        actor: r.actor,
      });
      if (r.prev_hash !== expectedPrev || r.hash !== hash) return r.id;
      expectedPrev = r.hash;
      afterId = r.id;
    }
    if (rows.length < batchSize) return null;
  }
}
