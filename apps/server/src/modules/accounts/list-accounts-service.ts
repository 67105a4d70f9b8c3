import type { Account } from '@comptoir/contracts';
import { toJsonCents } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import { availableBalance, customerAccounts, type LedgerAccount } from '../../ledger/index.ts';
import { findCustomerById } from '../customers/index.ts';
import { customerSpaceGoals } from '../spaces/index.ts';
import { customerFrozen } from './queries.ts';

const toAccount = (
  a: LedgerAccount,
  type: Account['type'],
  bic: string,
  goal: bigint | null | undefined,
  frozen: boolean,
): Account => ({
  id: String(a.id),
  iban: a.iban,
  bic,
  name: a.name,
  type: a.kind === 'customer_sub' ? 'space' : type,
  kind: a.kind === 'customer_sub' ? 'sub' : 'main',
  bookedBalance: toJsonCents(a.postedBalance),
  availableBalance: toJsonCents(availableBalance(a)),
  openedAt: a.openedAt.toISOString(),
  goal: goal === null || goal === undefined ? null : toJsonCents(goal),
  frozen,
});

/**
 * The acting customer's accounts with booked and available balances: the main account, then its
 * open Espaces (`type: "space"`, no IBAN, with their goal). A closed Espace is no longer listed.
 * Under an asset freeze every account answers `frozen: true` (the dashboard's neutral banner), and
 * nothing says why (docs/screening.md#freezing-in-the-payment-paths).
 */
export async function listAccounts(ctx: AppContext, customerId: string): Promise<Account[]> {
  const [customer, accounts, goals, frozen] = await Promise.all([
    findCustomerById(ctx.db, customerId),
    customerAccounts(ctx.db, customerId),
    customerSpaceGoals(ctx.db, customerId),
    customerFrozen(ctx.db, customerId),
  ]);
  const type = customer?.account_type ?? 'individual';
  return accounts
    .filter((a) => a.kind !== 'customer_sub' || a.status === 'open')
    .map((a) => toAccount(a, type, ctx.config.institution.bic, goals.get(a.id), frozen));
}
