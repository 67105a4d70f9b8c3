import type { DocumentMime, IdentityChangeStatus } from '@comptoir/contracts';
import type { Queryable } from '../../db/types.ts';

/** SQL of identity change requests (docs/product/profile-and-security.md#profil). */

export interface IdentityChangeRow {
  id: string;
  customer_id: string;
  status: IdentityChangeStatus;
  reason: string;
  first_name: string | null;
  last_name: string | null;
  birth_date: string | null;
  tax_country: string | null;
  current_first_name: string | null;
  current_last_name: string | null;
  current_birth_date: string | null;
  current_tax_country: string | null;
  document_id: string;
  document_mime: DocumentMime;
  document_size: number;
  document_storage_key: string;
  created_at: Date;
  decided_at: Date | null;
  rejection_reason: string | null;
  decision_note: string | null;
  decided_by: string | null;
}

const COLUMNS = `r.id, r.customer_id, r.status, r.reason, r.first_name, r.last_name,
  to_char(r.birth_date, 'YYYY-MM-DD') as birth_date, r.tax_country, r.current_first_name, r.current_last_name,
  to_char(r.current_birth_date, 'YYYY-MM-DD') as current_birth_date, r.current_tax_country, r.document_id,
  r.document_mime, r.document_size, r.document_storage_key, r.created_at, r.decided_at, r.rejection_reason,
  r.decision_note,
  (select email from operators o where o.id = r.decided_by) as decided_by`;

/** The identity on file, as the request stores and compares it. */
export interface IdentityOnFile {
  status: string;
  first_name: string | null;
  last_name: string | null;
  birth_date: string | null;
  tax_country: string | null;
}

/** The customer's identity, locked: nothing else changes it while a request is made or decided. */
export async function lockIdentityOnFile(q: Queryable, customerId: string): Promise<IdentityOnFile | null> {
  const { rows } = await q.query<IdentityOnFile>(
    `select status, first_name, last_name, to_char(birth_date, 'YYYY-MM-DD') as birth_date, tax_country
       from customers where id = $1 for update`,
    [customerId],
  );
  return rows[0] ?? null;
}

export interface IdentityValuesRow {
  firstName: string | null;
  lastName: string | null;
  birthDate: string | null;
  taxCountry: string | null;
}

/** False when the customer already has a request pending (the partial unique index). */
export async function insertIdentityChange(
  q: Queryable,
  r: {
    id: string;
    customerId: string;
    reason: string;
    requested: IdentityValuesRow;
    current: IdentityValuesRow;
    document: { id: string; mime: DocumentMime; size: number; storageKey: string };
    now: Date;
  },
): Promise<boolean> {
  const { rowCount } = await q.query(
    `insert into identity_change_requests (id, customer_id, reason, first_name, last_name, birth_date,
       tax_country, current_first_name, current_last_name, current_birth_date, current_tax_country,
       document_id, document_mime, document_size, document_storage_key, created_at)
     values ($1, $2, $3, $4, $5, $6::date, $7, $8, $9, $10::date, $11, $12, $13, $14, $15, $16)
     on conflict (customer_id) where status = 'pending' do nothing`,
    [
      r.id,
      r.customerId,
      r.reason,
      r.requested.firstName,
      r.requested.lastName,
      r.requested.birthDate,
      r.requested.taxCountry,
      r.current.firstName,
      r.current.lastName,
      r.current.birthDate,
      r.current.taxCountry,
      r.document.id,
      r.document.mime,
      r.document.size,
      r.document.storageKey,
      r.now,
    ],
  );
  return rowCount === 1;
}

/** One request by id (any customer: operators), optionally locked for a decision. */
export async function identityChangeById(
  q: Queryable,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<IdentityChangeRow | null> {
  const { rows } = await q.query<IdentityChangeRow>(
    `select ${COLUMNS} from identity_change_requests r where r.id = $1${options.forUpdate ? ' for update of r' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

/** One of the customer's own requests (another customer's id finds nothing). */
export async function customerIdentityChange(
  q: Queryable,
  customerId: string,
  id: string,
): Promise<IdentityChangeRow | null> {
  const { rows } = await q.query<IdentityChangeRow>(
    `select ${COLUMNS} from identity_change_requests r where r.id = $1 and r.customer_id = $2`,
    [id, customerId],
  );
  return rows[0] ?? null;
}

/** A customer's requests, newest first. */
export async function identityChangesOfCustomer(
  q: Queryable,
  customerId: string,
): Promise<IdentityChangeRow[]> {
  const { rows } = await q.query<IdentityChangeRow>(
    `select ${COLUMNS} from identity_change_requests r where r.customer_id = $1
      order by r.created_at desc, r.id desc limit 50`,
    [customerId],
  );
  return rows;
}

export async function decideIdentityChange(
  q: Queryable,
  d: {
    id: string;
    status: 'accepted' | 'rejected';
    operatorId: string;
    reason: string | null;
    note?: string | null;
    now: Date;
  },
): Promise<void> {
  await q.query(
    `update identity_change_requests set status = $2, decided_by = $3, rejection_reason = $4, decided_at = $5,
            decision_note = $6
      where id = $1 and status = 'pending'`,
    [d.id, d.status, d.operatorId, d.reason, d.now, d.note ?? null],
  );
}

/** Writes the accepted values (null: the field stays as it is). */
export async function applyIdentity(
  q: Queryable,
  customerId: string,
  v: IdentityValuesRow,
  now: Date,
): Promise<void> {
  await q.query(
    `update customers set first_name = coalesce($2, first_name), last_name = coalesce($3, last_name),
       birth_date = coalesce($4::date, birth_date), tax_country = coalesce($5, tax_country), updated_at = $6
      where id = $1`,
    [customerId, v.firstName, v.lastName, v.birthDate, v.taxCountry, now],
  );
}
