import type { Clock } from '../clock.ts';
import type { Db } from '../db/types.ts';
import { appLog } from '../log.ts';
import type { FileStore } from '../storage/file-store.ts';
import { checkpointBreak } from './anchored-verify.ts';
import { verifyAuditChain, type AuditChainBreak } from './audit.ts';
import { readAuditCheckpoint, storeAuditCheckpoint, type AuditCheckpoint } from './checkpoint.ts';
import { auditHead, tryCheckpointLock, useOneSnapshot } from './queries.ts';

export interface CheckpointDeps {
  db: Db;
  /** The file store (local folder or S3): outside the database's reach. */
  store: FileStore;
  masterKey: Buffer;
  clock: Clock;
}

const printable = (b: AuditChainBreak) =>
  b.kind === 'row'
    ? { kind: b.kind, id: String(b.id) }
    : { kind: b.kind, headId: b.headId?.toString() ?? null, lastId: b.lastId?.toString() ?? null };

/**
 * The `audit-checkpoint` job: when the chain moved since the newest checkpoint, checks that it still
 * holds that checkpoint and that every row appended since chains on, then stores a new checkpoint
 * of its head in the file store and writes it as a log line of its own (`auditCheckpoint`). One
 * instance at a time (an advisory lock; the others skip the run). A broken chain or a refused
 * checkpoint gets no new checkpoint over it: an error line instead, until an operator looks.
 * Returns the checkpoint written, or null.
 */
export async function writeAuditCheckpoint(deps: CheckpointDeps): Promise<AuditCheckpoint | null> {
  return deps.db.tx(async (q) => {
    await useOneSnapshot(q);
    if (!(await tryCheckpointLock(q))) return null;
    const stored = await readAuditCheckpoint(deps.store, deps.masterKey);
    if (stored.status === 'refused') {
      appLog().error(
        { job: 'audit-checkpoint' },
        'the stored audit checkpoint does not authenticate: no checkpoint written over it',
      );
      return null;
    }
    const previous = stored.status === 'valid' ? stored.checkpoint : null;
    const head = await auditHead(q);
    if (head.lastId === null) return null;
    // Nothing appended since, and signed under the current master key: nothing to do.
    const unchanged = previous?.lastId === head.lastId && previous.hash === head.hash;
    if (unchanged && stored.status === 'valid' && stored.current) return null;
    // Only what followed the last checkpoint is walked again, once the chain is seen to hold it.
    const from = previous?.lastId ? { id: previous.lastId, hash: previous.hash } : null;
    const broken =
      (previous && (await checkpointBreak(q, previous))) ?? (await verifyAuditChain(q, from ? { from } : {}));
    if (broken) {
      appLog().error(
        { job: 'audit-checkpoint', broken: printable(broken) },
        'the audit chain is broken since the last checkpoint: no checkpoint written',
      );
      return null;
    }
    const checkpoint: AuditCheckpoint = { lastId: head.lastId, hash: head.hash, at: deps.clock.now() };
    const line = await storeAuditCheckpoint(deps.store, deps.masterKey, checkpoint);
    appLog().info({ auditCheckpoint: line }, 'audit checkpoint');
    return checkpoint;
  });
}
