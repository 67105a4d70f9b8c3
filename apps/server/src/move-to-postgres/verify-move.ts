import { describeAuditCheck } from '../audit/describe-check.ts';
import { verifyAuditAnchored } from '../audit/anchored-verify.ts';
import { auditCount } from '../audit/queries.ts';
import type { Queryable } from '../db/types.ts';
import { ledgerCounts, verifyLedger, type Violation } from '../ledger/index.ts';
import type { FileStore } from '../storage/file-store.ts';
import { rowCounts } from './empty-target.ts';

export interface MoveCheck {
  tables: number;
  rows: number;
  /** Tables whose row counts differ between the two databases (or that only one has). */
  countMismatches: string[];
  ledger: { violations: Violation[]; accounts: bigint; entries: bigint };
  audit: { ok: boolean; line: string };
  ok: boolean;
}

/**
 * What `npm run migrate-to-postgres` checks once the copy is committed: the same row count in every
 * table of both databases, every ledger invariant on the target (what `npm run ledger:verify`
 * checks), and the audit chain there, recomputed and held against its newest checkpoint.
 */
export async function verifyMove(deps: {
  source: Queryable;
  target: Queryable;
  store: FileStore;
  masterKey: Buffer;
}): Promise<MoveCheck> {
  const from = await rowCounts(deps.source);
  const to = await rowCounts(deps.target);
  const countMismatches: string[] = [];
  for (const table of new Set([...from.keys(), ...to.keys()])) {
    const a = from.get(table);
    const b = to.get(table);
    if (a !== b) countMismatches.push(`${table}: ${a ?? 'no table'} embedded, ${b ?? 'no table'} PostgreSQL`);
  }
  const violations = await verifyLedger(deps.target);
  const counts = await ledgerCounts(deps.target);
  const audit = describeAuditCheck(
    await verifyAuditAnchored({ db: deps.target, store: deps.store, masterKey: deps.masterKey }),
    await auditCount(deps.target),
  );
  return {
    tables: from.size,
    rows: [...from.values()].reduce((sum, n) => sum + n, 0),
    countMismatches,
    ledger: { violations, ...counts },
    audit,
    ok: countMismatches.length === 0 && violations.length === 0 && audit.ok,
  };
}
