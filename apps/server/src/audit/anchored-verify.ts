import type { Queryable } from '../db/types.ts';
import type { FileStore } from '../storage/file-store.ts';
import { verifyAuditChain, type AuditChainBreak } from './audit.ts';
import { readAuditCheckpoint, type AuditCheckpoint, type StoredCheckpoint } from './checkpoint.ts';
import { auditLastId, auditRowHash } from './queries.ts';

/**
 * Whether the chain still holds `cp`: its row at the checkpoint's id has the checkpoint's hash.
 * A chain that ends before that id was cut (`end`: `headId` the checkpoint's id, `lastId` where the
 * chain ends now); a row there with another hash, or a gap where it was, is a `row` break at that id.
 */
export async function checkpointBreak(q: Queryable, cp: AuditCheckpoint): Promise<AuditChainBreak | null> {
  if (cp.lastId === null) return null;
  const hash = await auditRowHash(q, cp.lastId);
  if (hash === cp.hash) return null;
  if (hash !== null) return { kind: 'row', id: cp.lastId };
  const lastId = await auditLastId(q);
  return lastId !== null && lastId > cp.lastId
    ? { kind: 'row', id: cp.lastId }
    : { kind: 'end', headId: cp.lastId, lastId };
}

export interface AnchoredCheck {
  /** The first break, in the chain itself or against the checkpoint; null when both hold. */
  broken: AuditChainBreak | null;
  /** The newest checkpoint found outside the database (`refused`: its MAC fails). */
  checkpoint: StoredCheckpoint;
}

/**
 * The whole chain recomputed and compared with its head, then with the newest checkpoint in the file
 * store: what `GET /api/backoffice/audit-log/verify` and `npm run ledger:verify` report. A refused
 * checkpoint is not used (the caller reports it: the anchor was tampered with or its key is lost).
 */
export async function verifyAuditAnchored(deps: {
  db: Queryable;
  store: FileStore;
  masterKey: Buffer;
}): Promise<AnchoredCheck> {
  const checkpoint = await readAuditCheckpoint(deps.store, deps.masterKey);
  const broken = await verifyAuditChain(deps.db);
  if (broken !== null || checkpoint.status !== 'valid') return { broken, checkpoint };
  return { broken: await checkpointBreak(deps.db, checkpoint.checkpoint), checkpoint };
}
