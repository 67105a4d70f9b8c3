import type { CustomerStatus } from '@comptoir/contracts';
import type { Queryable } from '../../db/types.ts';
import { hashPassword } from '../../crypto/password.ts';
import { insertCustomer, setCustomerIdentity, type CustomerRow } from './queries.ts';

/** Creates a customer row with an argon2id password hash (inside the caller's transaction). */
export async function createCustomer(
  q: Queryable,
  input: {
    email: string;
    password: string;
    status: CustomerStatus;
    firstName?: string;
    lastName?: string;
    phone?: string;
  },
): Promise<CustomerRow> {
  const { password, ...rest } = input;
  return insertCustomer(q, {
    ...rest,
    email: rest.email.trim().toLowerCase(),
    passwordHash: await hashPassword(password),
  });
}

/**
 * Creates a customer row whose password is hashed already (inside the caller's transaction): an
 * onboarding application's, hashed when it was submitted, or a benchmark's, hashed once for all.
 */
export function createCustomerWithHash(
  q: Queryable,
  input: Parameters<typeof insertCustomer>[1],
): Promise<CustomerRow> {
  return insertCustomer(q, input);
}

/**
 * Records the identity an application declared on its customer (inside the caller's transaction);
 * the tax number comes sealed by `sealTaxId`, never in plaintext.
 */
export function recordCustomerIdentity(
  q: Queryable,
  customerId: string,
  identity: Parameters<typeof setCustomerIdentity>[2],
): Promise<void> {
  return setCustomerIdentity(q, customerId, identity);
}
