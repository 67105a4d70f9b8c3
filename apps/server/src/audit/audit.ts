import { createHash } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import { canonicalJson, toJsonValue } from './canonical-json.ts';
import { auditBatch, auditFirstIdAfter, auditHead, appendAuditRow, lockAuditHead } from './queries.ts';

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
  const id = await appendAuditRow(q, { ...row, prevHash, hash });
  return { id, hash };
}

/**
 * Where the chain breaks: `row` names the first entry whose link or hash does not match, or that was
 * written without moving the head; `end` says the chain stops before the head recorded with the last
 * append (its newest rows were deleted): `headId` is the row the head names, `lastId` where the
 * chain now ends (null: no row left).
 */
export type AuditChainBreak =
  { kind: 'row'; id: bigint } | { kind: 'end'; headId: bigint | null; lastId: bigint | null };

/**
 * Recomputes the whole chain in append order, then compares where it ends with the stored head
 * (`audit_head`: last id and hash, moved in each append's transaction). Returns the first break, or
 * null. The head is read after the walk, so an append committed meanwhile is walked too, never taken
 * for a break. `from` starts the walk after a row already trusted (a checkpoint's: its hash is
 * checked by the caller), so only what followed it is recomputed.
 */
export async function verifyAuditChain(
  q: Queryable,
  options: { batchSize?: number; from?: { id: bigint; hash: string } } = {},
): Promise<AuditChainBreak | null> {
  const batchSize = options.batchSize ?? 1000;
  let expectedPrev = options.from?.hash ?? GENESIS_HASH;
  let afterId = options.from?.id ?? 0n;
  let lastId: bigint | null = options.from?.id ?? null;
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
      if (r.prev_hash !== expectedPrev || r.hash !== hash) return { kind: 'row', id: r.id };
      expectedPrev = r.hash;
      afterId = r.id;
      lastId = r.id;
    }
    if (rows.length === batchSize) continue;
    const head = await auditHead(q);
    if (head.lastId === lastId) {
      if (head.hash === expectedPrev) return null;
      return lastId === null ? { kind: 'end', headId: null, lastId: null } : { kind: 'row', id: lastId };
    }
    if (head.lastId === null || (lastId !== null && head.lastId < lastId)) {
      // Rows after the head: written without the append that moves it.
      const first = await auditFirstIdAfter(q, head.lastId ?? 0n);
      return { kind: 'row', id: first ?? lastId ?? 0n };
    }
    // The head is further on: rows appended since the last batch, or the newest rows deleted.
    if ((await auditBatch(q, afterId, 1)).length === 0) return { kind: 'end', headId: head.lastId, lastId };
  }
}
