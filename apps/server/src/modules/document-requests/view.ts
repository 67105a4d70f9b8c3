import type { BackofficeDocumentRequest, DocumentRequest } from '@comptoir/contracts';
import type { Queryable } from '../../db/types.ts';
import { filesOfRequests, type DocumentRequestFileRow, type DocumentRequestRow } from './queries.ts';

/** The only mapping of document requests to their API shapes (customer and operators). */

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

function customerView(r: DocumentRequestRow, files: readonly DocumentRequestFileRow[]): DocumentRequest {
  return {
    id: r.id,
    kind: r.kind,
    reason: r.reason,
    blocking: r.blocking,
    status: r.status,
    createdAt: r.created_at.toISOString(),
    submittedAt: iso(r.submitted_at),
    decidedAt: iso(r.decided_at),
    files: files
      .filter((f) => f.request_id === r.id)
      .map((f) => ({ id: f.id, mime: f.mime, size: f.size, uploadedAt: f.uploaded_at.toISOString() })),
  };
}

function operatorView(
  r: DocumentRequestRow,
  files: readonly DocumentRequestFileRow[],
): BackofficeDocumentRequest {
  return {
    ...customerView(r, files),
    customerId: r.customer_id,
    requestedBy: r.requested_by,
    decidedBy: r.decided_by,
    rejectionReason: r.rejection_reason,
    replacesId: r.replaces_id,
  };
}

export async function toCustomerViews(
  q: Queryable,
  rows: readonly DocumentRequestRow[],
): Promise<DocumentRequest[]> {
  const files = await filesOfRequests(
    q,
    rows.map((r) => r.id),
  );
  return rows.map((r) => customerView(r, files));
}

export async function toOperatorViews(
  q: Queryable,
  rows: readonly DocumentRequestRow[],
): Promise<BackofficeDocumentRequest[]> {
  const files = await filesOfRequests(
    q,
    rows.map((r) => r.id),
  );
  return rows.map((r) => operatorView(r, files));
}

export async function toOperatorView(
  q: Queryable,
  row: DocumentRequestRow,
): Promise<BackofficeDocumentRequest> {
  const [view] = await toOperatorViews(q, [row]);
  if (!view) throw new Error('no view');
  return view;
}
