import type { DocumentMime, DocumentRequestKind, DocumentRequestStatus } from '@comptoir/contracts';
import type { Queryable } from '../../db/types.ts';

/** SQL of document requests and their files (docs/product/statements-and-documents.md#documents-the-bank-asks-for). */

export interface DocumentRequestRow {
  id: string;
  customer_id: string;
  kind: DocumentRequestKind;
  reason: string;
  blocking: boolean;
  status: DocumentRequestStatus;
  created_at: Date;
  submitted_at: Date | null;
  decided_at: Date | null;
  rejection_reason: string | null;
  replaces_id: string | null;
  requested_by: string | null;
  decided_by: string | null;
}

export interface DocumentRequestFileRow {
  id: string;
  request_id: string;
  customer_id: string;
  mime: DocumentMime;
  size: number;
  storage_key: string;
  uploaded_at: Date;
}

const COLUMNS = `r.id, r.customer_id, r.kind, r.reason, r.blocking, r.status, r.created_at, r.submitted_at,
  r.decided_at, r.rejection_reason, r.replaces_id,
  (select email from operators o where o.id = r.operator_id) as requested_by,
  (select email from operators o where o.id = r.decided_by) as decided_by`;

export async function insertDocumentRequest(
  q: Queryable,
  r: {
    customerId: string;
    kind: DocumentRequestKind;
    reason: string;
    blocking: boolean;
    operatorId: string;
    replacesId: string | null;
    now: Date;
  },
): Promise<DocumentRequestRow> {
  const { rows } = await q.query<{ id: string }>(
    `insert into document_requests (customer_id, kind, reason, blocking, operator_id, replaces_id, created_at)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [r.customerId, r.kind, r.reason, r.blocking, r.operatorId, r.replacesId, r.now],
  );
  const id = rows[0]?.id;
  const row = id ? await documentRequestById(q, id) : null;
  if (!row) throw new Error('document request not inserted');
  return row;
}

/** One request by id (any customer: operators), optionally locked for a decision or an upload. */
export async function documentRequestById(
  q: Queryable,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<DocumentRequestRow | null> {
  const { rows } = await q.query<DocumentRequestRow>(
    `select ${COLUMNS} from document_requests r where r.id = $1${options.forUpdate ? ' for update of r' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

/** One of the customer's own requests (another customer's id finds nothing), optionally locked. */
export async function customerDocumentRequest(
  q: Queryable,
  customerId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<DocumentRequestRow | null> {
  const { rows } = await q.query<DocumentRequestRow>(
    `select ${COLUMNS} from document_requests r where r.id = $1 and r.customer_id = $2${
      options.forUpdate ? ' for update of r' : ''
    }`,
    [id, customerId],
  );
  return rows[0] ?? null;
}

/**
 * A customer's requests, newest first: every one still open or waiting for review, and those decided
 * since `decidedSince` (all of them when null: the operators' list).
 */
export async function documentRequestsOfCustomer(
  q: Queryable,
  customerId: string,
  decidedSince: Date | null,
): Promise<DocumentRequestRow[]> {
  const { rows } = await q.query<DocumentRequestRow>(
    `select ${COLUMNS} from document_requests r
      where r.customer_id = $1
        and ($2::timestamptz is null or r.status in ('open', 'submitted') or r.decided_at >= $2)
      order by r.created_at desc, r.id
      limit 200`,
    [customerId, decidedSince],
  );
  return rows;
}

export async function filesOfRequests(
  q: Queryable,
  requestIds: readonly string[],
): Promise<DocumentRequestFileRow[]> {
  if (requestIds.length === 0) return [];
  const { rows } = await q.query<DocumentRequestFileRow>(
    `select id, request_id, customer_id, mime, size, storage_key, uploaded_at
       from document_request_files where request_id = any($1::uuid[]) order by uploaded_at, id`,
    [requestIds],
  );
  return rows;
}

export async function countRequestFiles(q: Queryable, requestId: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    'select count(*)::int as n from document_request_files where request_id = $1',
    [requestId],
  );
  return rows[0]?.n ?? 0;
}

export async function insertRequestFile(
  q: Queryable,
  f: {
    id: string;
    requestId: string;
    customerId: string;
    mime: DocumentMime;
    size: number;
    storageKey: string;
    now: Date;
  },
): Promise<void> {
  await q.query(
    `insert into document_request_files (id, request_id, customer_id, mime, size, storage_key, uploaded_at)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [f.id, f.requestId, f.customerId, f.mime, f.size, f.storageKey, f.now],
  );
}

/** open → submitted at the first file (a later file keeps it submitted). */
export async function markSubmitted(q: Queryable, id: string, now: Date): Promise<void> {
  await q.query(
    `update document_requests set status = 'submitted', submitted_at = coalesce(submitted_at, $2)
      where id = $1 and status in ('open', 'submitted')`,
    [id, now],
  );
}

export async function decideDocumentRequest(
  q: Queryable,
  d: { id: string; status: 'accepted' | 'rejected'; operatorId: string; reason: string | null; now: Date },
): Promise<void> {
  await q.query(
    `update document_requests set status = $2, decided_at = $5, decided_by = $3, rejection_reason = $4
      where id = $1`,
    [d.id, d.status, d.operatorId, d.reason, d.now],
  );
}

/** One uploaded file with the request it belongs to (operators' viewer). */
export async function requestFileById(
  q: Queryable,
  requestId: string,
  fileId: string,
): Promise<DocumentRequestFileRow | null> {
  const { rows } = await q.query<DocumentRequestFileRow>(
    `select id, request_id, customer_id, mime, size, storage_key, uploaded_at
       from document_request_files where id = $1 and request_id = $2`,
    [fileId, requestId],
  );
  return rows[0] ?? null;
}
