import type {
  CustomerStatus,
  DocumentKind,
  DocumentMime,
  Gender,
  IdentityDocumentType,
  IncomeRange,
} from '@comptoir/contracts';
import type { Queryable } from '../../db/types.ts';

export interface CustomerListRow {
  id: string;
  customer_number: bigint;
  first_name: string | null;
  last_name: string | null;
  email: string;
  status: CustomerStatus;
  created_at: Date;
  review_rank: number;
  created_us: bigint;
}

export interface ListCursor {
  rank: number;
  createdUs: bigint;
  id: string;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const FILTER = `($1::text is null or c.status = $1::text)
   and ($2::text is null
        or c.email ilike $2 or c.first_name ilike $2 or c.last_name ilike $2
        or (coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')) ilike $2
        or (coalesce(c.last_name, '') || ' ' || coalesce(c.first_name, '')) ilike $2
        or c.customer_number::text = $3::text)`;

/**
 * One page of customers: applications to review first (pending_review, corrections_requested,
 * pending_email, then the rest), newest first within; keyset pagination on (rank, created, id).
 */
export async function customerPage(
  q: Queryable,
  f: { status: CustomerStatus | null; q: string | null; after: ListCursor | null; limit: number },
): Promise<CustomerListRow[]> {
  const pattern = f.q ? `%${escapeLike(f.q)}%` : null;
  const { rows } = await q.query<CustomerListRow>(
    `with ranked as (
       select c.id, c.customer_number, c.first_name, c.last_name, c.email, c.status, c.created_at,
              case c.status when 'pending_review' then 0 when 'corrections_requested' then 1
                            when 'pending_email' then 2 else 3 end as review_rank,
              (extract(epoch from c.created_at) * 1000000)::bigint as created_us
         from customers c
        where ${FILTER})
     select * from ranked
      where $4::int is null
         or review_rank > $4::int
         or (review_rank = $4::int and (created_us < $5::bigint or (created_us = $5::bigint and id > $6::uuid)))
      order by review_rank, created_us desc, id
      limit $7`,
    [
      f.status,
      pattern,
      f.q,
      f.after?.rank ?? null,
      f.after ? String(f.after.createdUs) : null,
      f.after?.id ?? null,
      f.limit,
    ],
  );
  return rows;
}

export async function customerCount(
  q: Queryable,
  f: { status: CustomerStatus | null; q: string | null },
): Promise<number> {
  const pattern = f.q ? `%${escapeLike(f.q)}%` : null;
  const { rows } = await q.query<{ n: number }>(
    `select count(*)::int as n from customers c where ${FILTER}`,
    [f.status, pattern, f.q],
  );
  return rows[0]?.n ?? 0;
}

export interface CustomerDetailRow {
  id: string;
  customer_number: bigint;
  status: CustomerStatus;
  email: string;
  email_verified_at: Date | null;
  first_name: string | null;
  last_name: string | null;
  gender: Gender | null;
  birth_date: string | null;
  phone: string | null;
  profession: string | null;
  income_range: IncomeRange | null;
  residence_country: string | null;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  tax_country: string | null;
  tax_id_sealed: string | null;
  created_at: Date;
}

export async function customerDetail(
  q: Queryable,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<CustomerDetailRow | null> {
  const { rows } = await q.query<CustomerDetailRow>(
    `select id, customer_number, status, email, email_verified_at, first_name, last_name, gender,
            to_char(birth_date, 'YYYY-MM-DD') as birth_date, phone, profession, income_range, residence_country,
            address, postal_code, city, tax_country, tax_id_sealed, created_at
       from customers where id = $1 ${options.forUpdate ? 'for update' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

/** Personal data an operator may edit: contract field → column. */
export const EDITABLE_COLUMNS = {
  firstName: 'first_name',
  lastName: 'last_name',
  gender: 'gender',
  birthDate: 'birth_date',
  phone: 'phone',
  profession: 'profession',
  income: 'income_range',
  address: 'address',
  postalCode: 'postal_code',
  city: 'city',
  taxCountry: 'tax_country',
  taxId: 'tax_id_sealed', // written sealed by the service
} as const;
export type EditableField = keyof typeof EDITABLE_COLUMNS;

export async function updateCustomerFields(
  q: Queryable,
  id: string,
  changes: Partial<Record<EditableField, string>>,
  now: Date,
): Promise<void> {
  const entries = Object.entries(changes).filter(
    (e): e is [EditableField, string] => e[0] in EDITABLE_COLUMNS && typeof e[1] === 'string',
  );
  if (entries.length === 0) return;
  const sets = entries.map(([field], i) =>
    field === 'birthDate' ? `birth_date = $${i + 3}::date` : `${EDITABLE_COLUMNS[field]} = $${i + 3}`,
  );
  await q.query(`update customers set ${sets.join(', ')}, updated_at = $2 where id = $1`, [
    id,
    now,
    ...entries.map(([, value]) => value),
  ]);
}

export interface ApplicationSummaryRow {
  id: string;
  document_country: string | null;
  document_type: IdentityDocumentType | null;
  submitted_at: Date | null;
  decided_at: Date | null;
  rejection_reason: string | null;
}

export async function applicationSummary(
  q: Queryable,
  customerId: string,
): Promise<ApplicationSummaryRow | null> {
  const { rows } = await q.query<ApplicationSummaryRow>(
    `select id, document_country, document_type, submitted_at, decided_at, rejection_reason
       from onboarding_applications where customer_id = $1`,
    [customerId],
  );
  return rows[0] ?? null;
}

export interface CorrectionListRow {
  id: string;
  requested_at: Date;
  operator_name: string | null;
  reasons: string[];
  document_kinds: DocumentKind[];
  resolved_at: Date | null;
}

export async function correctionsOfCustomer(q: Queryable, customerId: string): Promise<CorrectionListRow[]> {
  const { rows } = await q.query<CorrectionListRow>(
    `select r.id, r.requested_at, o.name as operator_name, r.reasons, r.document_kinds, r.resolved_at
       from correction_requests r left join operators o on o.id = r.operator_id
      where r.customer_id = $1 order by r.requested_at desc`,
    [customerId],
  );
  return rows;
}

export async function insertCorrectionRequest(
  q: Queryable,
  r: { customerId: string; operatorId: string; reasons: string[]; documentKinds: DocumentKind[]; now: Date },
): Promise<string> {
  const { rows } = await q.query<{ id: string }>(
    `insert into correction_requests (customer_id, operator_id, reasons, document_kinds, requested_at)
     values ($1, $2, $3::jsonb, $4::jsonb, $5) returning id`,
    [r.customerId, r.operatorId, JSON.stringify(r.reasons), JSON.stringify(r.documentKinds), r.now],
  );
  return rows[0]!.id;
}

export interface CustomerDocumentRow {
  id: string;
  kind: DocumentKind;
  mime: DocumentMime;
  size: number;
  uploaded_at: Date;
  replaced_at: Date | null;
}

/** Every stored document of a customer's application, current ones first, newest first. */
export async function documentsOfCustomer(q: Queryable, customerId: string): Promise<CustomerDocumentRow[]> {
  const { rows } = await q.query<CustomerDocumentRow>(
    `select d.id, d.kind, d.mime, d.size, d.uploaded_at, d.replaced_at
       from onboarding_documents d join onboarding_applications a on a.id = d.application_id
      where a.customer_id = $1
      order by (d.replaced_at is null) desc, d.uploaded_at desc, d.id`,
    [customerId],
  );
  return rows;
}

export interface DocumentFileRow {
  id: string;
  kind: DocumentKind;
  mime: DocumentMime;
  storage_key: string;
  customer_id: string | null;
}

/** A document with what is needed to open it; only documents of an application attached to a customer. */
export async function documentForOperator(q: Queryable, id: string): Promise<DocumentFileRow | null> {
  const { rows } = await q.query<DocumentFileRow>(
    `select d.id, d.kind, d.mime, d.storage_key, a.customer_id
       from onboarding_documents d join onboarding_applications a on a.id = d.application_id
      where d.id = $1 and a.customer_id is not null`,
    [id],
  );
  return rows[0] ?? null;
}
