import type { CustomerStatus } from '@comptoir/contracts';
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
}

const COLUMNS = `id, customer_number, email, password_hash, status, account_type, first_name, last_name, phone,
  pending_email, failed_logins, lock_count, locked_until`;

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
