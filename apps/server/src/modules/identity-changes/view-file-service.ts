// Error codes thrown here: document_not_found, file_not_found.
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError } from '../../errors.ts';
import type { StoredFile } from '../../http/stored-file.ts';
import type { OperatorPrincipal } from '../../http/operator-principal.ts';
import { requestIdParam } from './list-service.ts';
import { identityChangeById } from './queries.ts';

const EXTENSIONS = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/heic': 'heic',
  'application/pdf': 'pdf',
} as const;

/**
 * Opens the supporting document of an identity change request. The view is written to the audit
 * log first (its own transaction, committed before any byte leaves), then the file is decrypted.
 */
export async function viewIdentityDocument(
  ctx: AppContext,
  operator: OperatorPrincipal,
  id: string,
): Promise<StoredFile> {
  const requestId = requestIdParam(id);
  const row = await ctx.db.tx(async (q) => {
    const found = await identityChangeById(q, requestId);
    if (!found) throw new AppError('document_not_found');
    await appendAudit(q, {
      operatorId: operator.id,
      customerId: found.customer_id,
      action: 'identity_change.document_viewed',
      details: { requestId },
      at: ctx.clock.now(),
    });
    return found;
  });
  const bytes = await ctx.files.get(row.document_storage_key, row.document_id);
  if (!bytes) throw new AppError('file_not_found');
  return {
    mime: row.document_mime,
    filename: `justificatif-${row.document_id.slice(0, 8)}.${EXTENSIONS[row.document_mime]}`,
    bytes,
  };
}
