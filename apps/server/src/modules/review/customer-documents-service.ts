// Error codes thrown here: customer_not_found, document_not_found, file_not_found.
import type { BackofficeDocument, DocumentKind, DocumentMime } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError } from '../../errors.ts';
import type { OperatorPrincipal } from '../../http/operator-principal.ts';
import { customerIdParam, uuidOrNotFound } from '../../http/params.ts';
import { customerDetail, documentForOperator, documentsOfCustomer } from './customers-queries.ts';

/** The documents of a customer's application (metadata only; listing is not viewing). */
export async function listCustomerDocuments(ctx: AppContext, id: string): Promise<BackofficeDocument[]> {
  const customerId = customerIdParam(id);
  if (!(await customerDetail(ctx.db, customerId))) throw new AppError('customer_not_found');
  const rows = await documentsOfCustomer(ctx.db, customerId);
  return rows.map((d) => ({
    id: d.id,
    kind: d.kind,
    mime: d.mime,
    size: d.size,
    uploadedAt: d.uploaded_at.toISOString(),
    current: d.replaced_at === null,
  }));
}

const EXTENSIONS: Record<DocumentMime, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/heic': 'heic',
  'application/pdf': 'pdf',
};

export interface DocumentFile {
  mime: DocumentMime;
  kind: DocumentKind;
  filename: string;
  bytes: Buffer;
}

/**
 * Opens one document for an authorised operator. The view is written to the audit log first
 * (its own transaction, committed before any byte leaves), then the file is decrypted.
 */
export async function viewDocument(
  ctx: AppContext,
  operator: OperatorPrincipal,
  id: string,
): Promise<DocumentFile> {
  const documentId = uuidOrNotFound(id, 'document_not_found');
  const doc = await ctx.db.tx(async (q) => {
    const row = await documentForOperator(q, documentId);
    if (!row?.customer_id) throw new AppError('document_not_found');
    await appendAudit(q, {
      operatorId: operator.id,
      customerId: row.customer_id,
      action: 'document.viewed',
      details: { documentId: row.id, kind: row.kind },
      at: ctx.clock.now(),
    });
    return row;
  });
  const bytes = await ctx.files.get(doc.storage_key, doc.id);
  if (!bytes) throw new AppError('file_not_found');
  return {
    mime: doc.mime,
    kind: doc.kind,
    filename: `${doc.kind}-${doc.id.slice(0, 8)}.${EXTENSIONS[doc.mime]}`,
    bytes,
  };
}
