import { cents } from '@comptoir/core';
import type { Queryable } from '../db/types.ts';
import { createCustomer } from '../modules/customers/index.ts';
import {
  glAccount,
  openCustomerAccount,
  postEntry,
  type EntryInput,
  type LedgerAccount,
} from '../ledger/index.ts';
import { uniqueEmail } from './test-basics.ts';

/** Two legs moving `amount` cents from one account to another, written at `at` (now by default). */
export const move = (
  from: Pick<LedgerAccount, 'id'>,
  to: Pick<LedgerAccount, 'id'>,
  amount: bigint | number,
  at: Date = new Date(),
): EntryInput => ({
  kind: 'transfer',
  legs: [
    { accountId: from.id, amount: cents(-BigInt(amount)) },
    { accountId: to.id, amount: cents(BigInt(amount)) },
  ],
  at,
});

/**
 * A new active customer with an open main account (no IBAN), funded with `funding` cents from
 * gl:sepa-clearing through the ledger. Call inside a transaction.
 */
export async function fundedAccount(
  q: Queryable,
  funding: bigint | number = 0,
  email = uniqueEmail('ledger'),
): Promise<LedgerAccount> {
  const customer = await createCustomer(q, { email, password: 'x'.repeat(12), status: 'active' });
  const account = await openCustomerAccount(q, {
    customerId: customer.id,
    kind: 'customer_main',
    name: 'Compte principal',
    iban: null,
    openedAt: new Date(),
  });
  if (BigInt(funding) > 0n)
    await postEntry(q, move(await glAccount(q, 'gl:sepa-clearing'), account, funding));
  return account;
}
