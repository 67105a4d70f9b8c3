import type { DocumentKind, DocumentMime } from '@comptoir/contracts';
import type { Queryable } from '../../db/types.ts';

export interface DocumentRow {
  id: string;
  application_id: string;
  kind: DocumentKind;
  mime: DocumentMime;
  size: number;
  storage_key: string;
  uploaded_at: Date;
  replaced_at: Date | null;
}

const DOCUMENT_COLUMNS = 'id, application_id, kind, mime, size, storage_key, uploaded_at, replaced_at';

/**
 * Counts an upload against the application's limits; false when a limit would be exceeded
 * (the row is locked, so concurrent uploads cannot both slip under it).
 */
export async function countUpload(
  q: Queryable,
  applicationId: string,
  size: number,
  limits: { maxUploads: number; maxBytes: number },
  now: Date,
): Promise<boolean> {
  const { rowCount } = await q.query(
    `update onboarding_applications
        set upload_count = upload_count + 1, upload_bytes = upload_bytes + $2, updated_at = $5
      where id = $1 and upload_count < $3 and upload_bytes + $2 <= $4`,
    [applicationId, size, limits.maxUploads, limits.maxBytes, now],
  );
  return rowCount === 1;
}

/** Adds a document; the previous current one of the same kind is marked replaced (kept for the review history). */
export async function insertDocument(
  q: Queryable,
  d: {
    id: string;
    applicationId: string;
    kind: DocumentKind;
    mime: DocumentMime;
    size: number;
    storageKey: string;
    now: Date;
  },
): Promise<DocumentRow> {
  await q.query(
    `update onboarding_documents set replaced_at = $3
      where application_id = $1 and kind = $2 and replaced_at is null`,
    [d.applicationId, d.kind, d.now],
  );
  const { rows } = await q.query<DocumentRow>(
    `insert into onboarding_documents (id, application_id, kind, mime, size, storage_key, uploaded_at)
     values ($1, $2, $3, $4, $5, $6, $7) returning ${DOCUMENT_COLUMNS}`,
    [d.id, d.applicationId, d.kind, d.mime, d.size, d.storageKey, d.now],
  );
  return rows[0]!;
}

/** The current document of each kind of one application, oldest kind first. */
export async function currentDocuments(q: Queryable, applicationId: string): Promise<DocumentRow[]> {
  const { rows } = await q.query<DocumentRow>(
    `select ${DOCUMENT_COLUMNS} from onboarding_documents
      where application_id = $1 and replaced_at is null order by uploaded_at, id`,
    [applicationId],
  );
  return rows;
}

/**
 * Deletes the documents of applications (all, or only those of `kinds`, or only the current one of
 * each of `kinds`), queueing their stored objects for deletion in the same transaction. Returns the
 * storage keys, to delete right after commit.
 */
export async function dropDocuments(
  q: Queryable,
  applicationIds: readonly string[],
  now: Date,
  kinds: readonly DocumentKind[] | null = null,
): Promise<string[]> {
  if (applicationIds.length === 0) return [];
  const { rows } = await q.query<{ storage_key: string }>(
    `with gone as (
       delete from onboarding_documents
        where application_id = any($1::uuid[]) and ($3::text[] is null or kind = any($3::text[]))
        returning storage_key)
     insert into storage_deletions (storage_key, requested_at)
     select storage_key, $2 from gone
     on conflict (storage_key) do nothing
     returning storage_key`,
    [applicationIds, now, kinds],
  );
  return rows.map((r) => r.storage_key);
}
