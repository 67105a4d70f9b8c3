// Error codes thrown here: document_not_found, file_not_found.
import type { DocumentMime } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError } from '../../errors.ts';
import type { OperatorPrincipal } from '../../http/operator-principal.ts';
import { uuidOrNotFound } from '../../http/params.ts';
import { requestIdParam } from './decision.ts';
import { requestFileById } from './queries.ts';

const EXTENSIONS: Record<DocumentMime, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/heic': 'heic',
  'application/pdf': 'pdf',
};

export interface RequestFile {
  mime: DocumentMime;
  filename: string;
  bytes: Buffer;
}

/**
 * Opens one file a customer sent for a request. The view is written to the audit log first (its own
 * transaction, committed before any byte leaves), then the file is decrypted.
 */
export async function viewRequestFile(
  ctx: AppContext,
  operator: OperatorPrincipal,
  id: string,
  docId: string,
): Promise<RequestFile> {
  const requestId = requestIdParam(id);
  const fileId = uuidOrNotFound(docId, 'document_not_found');
  const file = await ctx.db.tx(async (q) => {
    const row = await requestFileById(q, requestId, fileId);
    if (!row) throw new AppError('document_not_found');
    await appendAudit(q, {
      operatorId: operator.id,
      customerId: row.customer_id,
      action: 'document_request.file_viewed',
      details: { requestId, fileId },
      at: ctx.clock.now(),
    });
    return row;
  });
  const bytes = await ctx.files.get(file.storage_key, file.id);
  if (!bytes) throw new AppError('file_not_found');
  return { mime: file.mime, filename: `document-${file.id.slice(0, 8)}.${EXTENSIONS[file.mime]}`, bytes };
}
