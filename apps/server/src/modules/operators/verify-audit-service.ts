import type { AuditChainCheck } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { verifyAuditChain } from '../../audit/audit.ts';
import { auditCount } from '../../audit/queries.ts';

/** « Vérifier la chaîne »: recomputes every hash in append order and names the first broken row. */
export async function verifyAuditLog(ctx: AppContext): Promise<AuditChainCheck> {
  const [broken, checked] = await Promise.all([verifyAuditChain(ctx.db), auditCount(ctx.db)]);
  return broken === null ? { ok: true, checked } : { ok: false, firstBrokenId: String(broken), checked };
}
