import { luxembourgIban } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { nextAccountSerial, openCustomerAccount, type LedgerAccount } from '../../ledger/index.ts';
import { activateCustomer } from '../customers/index.ts';

/**
 * Opens the customer's main account: a unique Luxembourg IBAN (institution bank code + 13-digit
 * account number, mod-97 check digits) and status `active`.
 */
export async function openMainAccount(
  ctx: AppContext,
  q: Queryable,
  customerId: string,
  options: { openedAt?: Date } = {},
): Promise<LedgerAccount> {
  const serial = await nextAccountSerial(q);
  const iban = luxembourgIban(ctx.config.institution.bankCode, serial);
  const account = await openCustomerAccount(q, {
    customerId,
    kind: 'customer_main',
    name: 'Compte principal',
    iban,
    openedAt: options.openedAt ?? ctx.clock.now(),
  });
  await activateCustomer(q, customerId);
  return account;
}
