import type {
  CustomerStatus,
  DocumentKind,
  DocumentMime,
  Gender,
  IdentityDocumentType,
  IncomeRange,
} from '@comptoir/contracts';
import type { Queryable } from '../../db/types.ts';

export type ApplicationStatus = 'draft' | 'submitted' | 'duplicate' | 'approved' | 'rejected';

export interface ApplicationRow {
  id: string;
  status: ApplicationStatus;
  customer_id: string | null;
  residence_country: string;
  income_range: IncomeRange;
  profession: string;
  email: string | null;
  document_country: string | null;
  document_type: IdentityDocumentType | null;
  upload_count: number;
  upload_bytes: bigint;
  created_at: Date;
  updated_at: Date;
  submitted_at: Date | null;
  decided_at: Date | null;
  rejection_reason: string | null;
}

const APPLICATION_COLUMNS = `id, status, customer_id, residence_country, income_range, profession, email,
  document_country, document_type, upload_count, upload_bytes, created_at, updated_at, submitted_at,
  decided_at, rejection_reason`;

export async function insertApplication(
  q: Queryable,
  a: { id: string; tokenHash: string; country: string; income: IncomeRange; profession: string; now: Date },
): Promise<ApplicationRow> {
  const { rows } = await q.query<ApplicationRow>(
    `insert into onboarding_applications (id, token_hash, residence_country, income_range, profession, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $6) returning ${APPLICATION_COLUMNS}`,
    [a.id, a.tokenHash, a.country, a.income, a.profession, a.now],
  );
  return rows[0]!;
}

/** The draft application a cookie token designates, while it is younger than `activeSince`. */
export async function draftByToken(
  q: Queryable,
  tokenHash: string,
  activeSince: Date,
  options: { forUpdate?: boolean } = {},
): Promise<ApplicationRow | null> {
  const { rows } = await q.query<ApplicationRow>(
    `select ${APPLICATION_COLUMNS} from onboarding_applications
      where token_hash = $1 and status = 'draft' and updated_at > $2
      ${options.forUpdate ? 'for update' : ''}`,
    [tokenHash, activeSince],
  );
  return rows[0] ?? null;
}

export async function applicationOfCustomer(
  q: Queryable,
  customerId: string,
  options: { forUpdate?: boolean } = {},
): Promise<ApplicationRow | null> {
  const { rows } = await q.query<ApplicationRow>(
    `select ${APPLICATION_COLUMNS} from onboarding_applications where customer_id = $1
      ${options.forUpdate ? 'for update' : ''}`,
    [customerId],
  );
  return rows[0] ?? null;
}

export async function applicationById(
  q: Queryable,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<ApplicationRow | null> {
  const { rows } = await q.query<ApplicationRow>(
    `select ${APPLICATION_COLUMNS} from onboarding_applications where id = $1 ${options.forUpdate ? 'for update' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function updateStepOne(
  q: Queryable,
  id: string,
  s: { country: string; income: IncomeRange; profession: string; now: Date },
): Promise<ApplicationRow> {
  const { rows } = await q.query<ApplicationRow>(
    `update onboarding_applications set residence_country = $2, income_range = $3, profession = $4, updated_at = $5
      where id = $1 returning ${APPLICATION_COLUMNS}`,
    [id, s.country, s.income, s.profession, s.now],
  );
  return rows[0]!;
}

/** Sets the given fields of a draft (null leaves a field unchanged). */
export async function updateDraft(
  q: Queryable,
  id: string,
  s: {
    email: string | null;
    documentCountry: string | null;
    documentType: IdentityDocumentType | null;
    now: Date;
  },
): Promise<ApplicationRow> {
  const { rows } = await q.query<ApplicationRow>(
    `update onboarding_applications set
       email = coalesce($2, email),
       document_country = coalesce($3, document_country),
       document_type = coalesce($4, document_type),
       updated_at = $5
      where id = $1 returning ${APPLICATION_COLUMNS}`,
    [id, s.email, s.documentCountry, s.documentType, s.now],
  );
  return rows[0]!;
}

/**
 * Submit with a new address: the application now belongs to the customer. The cookie token stays
 * bound to it until the address is verified (resend, first session); the first mail is timed.
 */
export async function attachToCustomer(
  q: Queryable,
  id: string,
  customerId: string,
  now: Date,
): Promise<void> {
  await q.query(
    `update onboarding_applications set status = 'submitted', customer_id = $2,
       submitted_at = $3, updated_at = $3, mails_sent_at = array[$3::timestamptz]
      where id = $1`,
    [id, customerId, now],
  );
}

/** Submit with an address that already has an account: nothing of it will be reviewed. */
export async function markDuplicate(q: Queryable, id: string, now: Date): Promise<void> {
  await q.query(
    `update onboarding_applications set status = 'duplicate', submitted_at = $2, updated_at = $2,
       mails_sent_at = array[$2::timestamptz]
      where id = $1`,
    [id, now],
  );
}

/** A submitted (or duplicate) application still bound to its cookie, with its mail times. */
export async function submittedByToken(
  q: Queryable,
  tokenHash: string,
  options: { forUpdate?: boolean } = {},
): Promise<(ApplicationRow & { mails_sent_at: Date[] }) | null> {
  const { rows } = await q.query<ApplicationRow & { mails_sent_at: Date[] }>(
    `select ${APPLICATION_COLUMNS}, mails_sent_at from onboarding_applications
      where token_hash = $1 and status in ('submitted', 'duplicate')
      ${options.forUpdate ? 'for update' : ''}`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

/** One more mail for the application; times older than an hour are dropped. */
export async function recordApplicationMail(q: Queryable, id: string, now: Date): Promise<void> {
  await q.query(
    `update onboarding_applications
        set mails_sent_at = array(select t from unnest(mails_sent_at) t where t > $2::timestamptz - interval '1 hour')
                            || $2::timestamptz,
            updated_at = $2
      where id = $1`,
    [id, now],
  );
}

/** The address is verified: the cookie no longer designates the application. */
export async function forgetApplicationToken(q: Queryable, customerId: string): Promise<void> {
  await q.query('update onboarding_applications set token_hash = null where customer_id = $1', [customerId]);
}

export async function decideApplication(
  q: Queryable,
  customerId: string,
  d: { status: 'approved' | 'rejected'; reason: string | null; now: Date },
): Promise<void> {
  await q.query(
    `update onboarding_applications set status = $2, rejection_reason = $3, decided_at = $4, updated_at = $4
      where customer_id = $1`,
    [customerId, d.status, d.reason, d.now],
  );
}

// ── Documents ─────────────────────────────────────────────────────────────────────────────────────

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

export async function queueStorageDeletion(q: Queryable, storageKey: string, now: Date): Promise<void> {
  await q.query(
    `insert into storage_deletions (storage_key, requested_at) values ($1, $2) on conflict (storage_key) do nothing`,
    [storageKey, now],
  );
}

export async function pendingStorageDeletions(q: Queryable, limit: number): Promise<string[]> {
  const { rows } = await q.query<{ storage_key: string }>(
    'select storage_key from storage_deletions order by requested_at limit $1',
    [limit],
  );
  return rows.map((r) => r.storage_key);
}

export async function forgetStorageDeletion(q: Queryable, storageKey: string): Promise<void> {
  await q.query('delete from storage_deletions where storage_key = $1', [storageKey]);
}

// ── Customers created by onboarding ─────────────────────────────────────────────────────────────

export async function setCustomerIdentity(
  q: Queryable,
  customerId: string,
  p: {
    gender: Gender;
    birthDate: string;
    profession: string;
    income: IncomeRange;
    residenceCountry: string;
    address: string;
    postalCode: string;
    city: string;
    taxCountry: string;
    /** Sealed by modules/customers/tax-id.ts: never stored in plaintext. */
    taxIdSealed: string;
  },
): Promise<void> {
  await q.query(
    `update customers set gender = $2, birth_date = $3::date, profession = $4, income_range = $5,
       residence_country = $6, address = $7, postal_code = $8, city = $9, tax_country = $10, tax_id_sealed = $11
      where id = $1`,
    [
      customerId,
      p.gender,
      p.birthDate,
      p.profession,
      p.income,
      p.residenceCountry,
      p.address,
      p.postalCode,
      p.city,
      p.taxCountry,
      p.taxIdSealed,
    ],
  );
}

/** Moves a customer from one status to another; false when the customer was not in `from`. */
export async function moveCustomerStatus(
  q: Queryable,
  customerId: string,
  from: readonly CustomerStatus[],
  to: CustomerStatus,
  now: Date,
  options: { emailVerified?: boolean } = {},
): Promise<boolean> {
  const { rowCount } = await q.query(
    `update customers set status = $3, updated_at = $4
       ${options.emailVerified ? ', email_verified_at = $4' : ''}
      where id = $1 and status = any($2::text[])`,
    [customerId, from, to, now],
  );
  return rowCount === 1;
}

export async function customerContact(
  q: Queryable,
  customerId: string,
): Promise<{ email: string; first_name: string | null; status: CustomerStatus } | null> {
  const { rows } = await q.query<{ email: string; first_name: string | null; status: CustomerStatus }>(
    'select email, first_name, status from customers where id = $1',
    [customerId],
  );
  return rows[0] ?? null;
}

// ── Corrections ──────────────────────────────────────────────────────────────────────────────────

export interface CorrectionRow {
  id: string;
  customer_id: string;
  operator_id: string | null;
  reasons: string[];
  document_kinds: DocumentKind[];
  requested_at: Date;
  resolved_at: Date | null;
}

const CORRECTION_COLUMNS = 'id, customer_id, operator_id, reasons, document_kinds, requested_at, resolved_at';

export async function openCorrection(q: Queryable, customerId: string): Promise<CorrectionRow | null> {
  const { rows } = await q.query<CorrectionRow>(
    `select ${CORRECTION_COLUMNS} from correction_requests
      where customer_id = $1 and resolved_at is null order by requested_at desc limit 1`,
    [customerId],
  );
  return rows[0] ?? null;
}

export async function resolveCorrections(q: Queryable, customerId: string, now: Date): Promise<void> {
  await q.query(
    'update correction_requests set resolved_at = $2 where customer_id = $1 and resolved_at is null',
    [customerId, now],
  );
}

/** Kinds whose current document was uploaded after `since` (strictly). */
export async function kindsUploadedSince(
  q: Queryable,
  applicationId: string,
  since: Date,
): Promise<DocumentKind[]> {
  const { rows } = await q.query<{ kind: DocumentKind }>(
    `select distinct kind from onboarding_documents
      where application_id = $1 and uploaded_at > $2 and replaced_at is null`,
    [applicationId, since],
  );
  return rows.map((r) => r.kind);
}

// ── Retention ────────────────────────────────────────────────────────────────────────────────────

/** Drafts and duplicates untouched since `cutoff`, locked (skipping ones in use), at most `limit`. */
export async function abandonedApplications(q: Queryable, cutoff: Date, limit: number): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `select id from onboarding_applications
      where status in ('draft', 'duplicate') and updated_at < $1
      order by updated_at limit $2 for update skip locked`,
    [cutoff, limit],
  );
  return rows.map((r) => r.id);
}

export async function deleteApplications(q: Queryable, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await q.query('delete from onboarding_applications where id = any($1::uuid[])', [ids]);
}

/**
 * Customers who never verified their address since `cutoff` and hold no account, locked; with
 * their application ids (the documents to queue for deletion).
 */
export async function abandonedCustomers(
  q: Queryable,
  cutoff: Date,
  limit: number,
): Promise<{ id: string; application_id: string | null }[]> {
  const { rows } = await q.query<{ id: string; application_id: string | null }>(
    `select c.id, a.id as application_id
       from customers c left join onboarding_applications a on a.customer_id = c.id
      where c.status = 'pending_email' and c.created_at < $1
        and not exists (select 1 from ledger_accounts l where l.customer_id = c.id)
      order by c.created_at limit $2
      for update of c skip locked`,
    [cutoff, limit],
  );
  return rows;
}

/** Deletes customers (their sessions, tokens, application and corrections cascade). */
export async function deleteCustomers(q: Queryable, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await q.query('delete from customers where id = any($1::uuid[])', [ids]);
}

/** Rejected applications decided before `cutoff` that still have documents. */
export async function expiredRejectedApplications(
  q: Queryable,
  cutoff: Date,
  limit: number,
): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `select a.id from onboarding_applications a
      where a.status = 'rejected' and a.decided_at < $1
        and exists (select 1 from onboarding_documents d where d.application_id = a.id)
      limit $2`,
    [cutoff, limit],
  );
  return rows.map((r) => r.id);
}
