import type { CustomerStatus, Gender, IncomeRange } from '@comptoir/contracts';
import type { Queryable } from '../../db/types.ts';

export interface CustomerRow {
  id: string;
  customer_number: bigint;
  email: string;
  password_hash: string;
  status: CustomerStatus;
  account_type: 'individual' | 'professional';
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  pending_email: string | null;
  failed_logins: number;
  lock_count: number;
  locked_until: Date | null;
  residence_country: string | null;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  tax_country: string | null;
  /** Sealed by modules/customers/tax-id.ts; open it only to show it masked or to an operator. */
  tax_id_sealed: string | null;
}

const COLUMNS = `id, customer_number, email, password_hash, status, account_type, first_name, last_name, phone,
  pending_email, failed_logins, lock_count, locked_until, residence_country, address, postal_code, city,
  tax_country, tax_id_sealed`;

export async function insertCustomer(
  q: Queryable,
  c: {
    email: string;
    passwordHash: string;
    status: CustomerStatus;
    firstName?: string;
    lastName?: string;
    phone?: string;
  },
): Promise<CustomerRow> {
  const { rows } = await q.query<CustomerRow>(
    `insert into customers (email, password_hash, status, first_name, last_name, phone)
     values ($1, $2, $3, $4, $5, $6) returning ${COLUMNS}`,
    [c.email, c.passwordHash, c.status, c.firstName ?? null, c.lastName ?? null, c.phone ?? null],
  );
  return rows[0]!;
}

export async function customerById(q: Queryable, id: string): Promise<CustomerRow | null> {
  const { rows } = await q.query<CustomerRow>(`select ${COLUMNS} from customers where id = $1`, [id]);
  return rows[0] ?? null;
}

export async function customerByEmail(q: Queryable, email: string): Promise<CustomerRow | null> {
  const { rows } = await q.query<CustomerRow>(
    `select ${COLUMNS} from customers where lower(email) = lower($1)`,
    [email],
  );
  return rows[0] ?? null;
}

export async function setCustomerStatus(q: Queryable, id: string, status: CustomerStatus): Promise<void> {
  await q.query('update customers set status = $2, updated_at = now() where id = $1', [id, status]);
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

// ── Review decisions ─────────────────────────────────────────────────────────────────────────────

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

export async function resolveCorrections(q: Queryable, customerId: string, now: Date): Promise<void> {
  await q.query(
    'update correction_requests set resolved_at = $2 where customer_id = $1 and resolved_at is null',
    [customerId, now],
  );
}

/** Serialises concurrent requests about one customer (e.g. two reset requests racing the mail limit). */
export async function lockCustomerRow(q: Queryable, customerId: string): Promise<void> {
  await q.query('select id from customers where id = $1 for update', [customerId]);
}
