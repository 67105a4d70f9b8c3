import type { CustomerStatus } from '@comptoir/contracts';
import type { Queryable } from '../../db/types.ts';
import {
  customerByEmail,
  customerById,
  customerContact,
  lockCustomerRow,
  type CustomerRow,
} from './queries.ts';

export type { CustomerRow };

/** The customer with this id, or null; on the caller's connection or inside its transaction. */
export function findCustomerById(q: Queryable, customerId: string): Promise<CustomerRow | null> {
  return customerById(q, customerId);
}

/** The customer with this email address, whatever its case, or null. */
export function findCustomerByEmail(q: Queryable, email: string): Promise<CustomerRow | null> {
  return customerByEmail(q, email);
}

/** What a mail to the customer needs (address, first name) and their status; null for an unknown id. */
export function findCustomerContact(
  q: Queryable,
  customerId: string,
): Promise<{ email: string; first_name: string | null; status: CustomerStatus } | null> {
  return customerContact(q, customerId);
}

/**
 * Locks the customer's row until the caller's transaction ends, so concurrent requests about one
 * customer run one after the other (two reset requests racing the mail limit, two second factors
 * added at once).
 */
export function lockCustomer(q: Queryable, customerId: string): Promise<void> {
  return lockCustomerRow(q, customerId);
}
