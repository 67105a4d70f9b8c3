import type { AuditChainCheck } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { verifyAuditAnchored } from '../../audit/anchored-verify.ts';
import type { StoredCheckpoint } from '../../audit/checkpoint.ts';
import { auditCount } from '../../audit/queries.ts';

/**
 * « Vérifier la chaîne »: recomputes every hash in append order, names the first broken row, says
 * when the chain ends before the stored head (its newest rows deleted), then compares it with the
 * newest checkpoint in the file store (audit/checkpoint.ts), which whoever rewrites the database
 * cannot forge: a chain cut below it, or another hash at its row, is broken; a checkpoint whose MAC
 * fails is refused and the chain not reported intact.
 */
export async function verifyAuditLog(ctx: AppContext): Promise<AuditChainCheck> {
  const [{ broken, checkpoint }, checked] = await Promise.all([
    verifyAuditAnchored({ db: ctx.db, store: ctx.files.store, masterKey: ctx.masterKey }),
    auditCount(ctx.db),
  ]);
  const anchor = checkpointSeen(checkpoint);
  if (broken === null) return { ok: checkpoint.status !== 'refused', checkpoint: anchor, checked };
  if (broken.kind === 'row') {
    return { ok: false, firstBrokenId: String(broken.id), checkpoint: anchor, checked };
  }
  const str = (id: bigint | null) => (id === null ? null : String(id));
  return {
    ok: false,
    truncated: { headId: str(broken.headId), lastId: str(broken.lastId) },
    checkpoint: anchor,
    checked,
  };
}

function checkpointSeen(stored: StoredCheckpoint): AuditChainCheck['checkpoint'] {
  if (stored.status === 'none') return null;
  if (stored.status === 'refused') return { status: 'refused' };
  const { lastId, at } = stored.checkpoint;
  return { status: 'valid', lastId: lastId === null ? null : String(lastId), at: at.toISOString() };
}
