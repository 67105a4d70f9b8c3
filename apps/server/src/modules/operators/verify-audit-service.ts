import type { AuditChainCheck } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { verifyAuditChain } from '../../audit/audit.ts';
import { auditCount } from '../../audit/queries.ts';

/**
 * « Vérifier la chaîne »: recomputes every hash in append order, names the first broken row, and
 * says when the chain ends before the stored head (its newest rows deleted).
 */
export async function verifyAuditLog(ctx: AppContext): Promise<AuditChainCheck> {
  const [broken, checked] = await Promise.all([verifyAuditChain(ctx.db), auditCount(ctx.db)]);
  if (broken === null) return { ok: true, checked };
  if (broken.kind === 'row') return { ok: false, firstBrokenId: String(broken.id), checked };
  const str = (id: bigint | null) => (id === null ? null : String(id));
  return { ok: false, truncated: { headId: str(broken.headId), lastId: str(broken.lastId) }, checked };
}
