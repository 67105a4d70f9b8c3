import type { ConsentScope } from '@comptoir/contracts';
import { toDecimalAmount } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import { grantAccess, type AccessRequest } from './consent-access.ts';
import { href } from './links.ts';
import type { Psd2AccountRow } from './queries.ts';
import type { TppCaller } from './tpp.ts';
import { TppError } from './tpp-error.ts';

type Call = Pick<AccessRequest, 'consentId' | 'psuPresent'>;

const accountDetails = (ctx: AppContext, a: Psd2AccountRow, scopes: readonly ConsentScope[]) => ({
  resourceId: a.id,
  iban: a.iban,
  bic: ctx.config.institution.bic,
  currency: 'EUR',
  name: a.name,
  product: 'Compte courant',
  cashAccountType: 'CACC',
  status: 'enabled',
  usage: 'PRIV',
  _links: {
    ...(scopes.includes('balances') ? { balances: href(`/accounts/${a.id}/balances`) } : {}),
    ...(scopes.includes('transactions') ? { transactions: href(`/accounts/${a.id}/transactions`) } : {}),
  },
});

/** `GET /accounts`: the accounts the consent covers. */
export async function listConsentAccounts(ctx: AppContext, tpp: TppCaller, call: Call) {
  const access = await grantAccess(ctx, tpp, {
    ...call,
    scope: 'accounts',
    accountId: null,
    endpoint: 'accounts',
  });
  return {
    accounts: access.accounts.map((a) => accountDetails(ctx, a, access.scopesByAccount.get(a.id) ?? [])),
  };
}

/** `GET /accounts/{id}`: one account of the consent. */
export async function readConsentAccount(ctx: AppContext, tpp: TppCaller, call: Call, accountId: string) {
  const access = await grantAccess(ctx, tpp, { ...call, scope: 'accounts', accountId, endpoint: 'account' });
  const account = access.accounts.find((a) => a.id === accountId);
  if (!account) throw new TppError('RESOURCE_UNKNOWN');
  return { account: accountDetails(ctx, account, access.scopesByAccount.get(account.id) ?? []) };
}

/**
 * `GET /accounts/{id}/balances`: the booked balance (`closingBooked`: every posted entry) and the
 * available one (`interimAvailable`: less the pending debits, plus the authorised overdraft), exact
 * decimals made from cents.
 */
export async function readConsentBalances(ctx: AppContext, tpp: TppCaller, call: Call, accountId: string) {
  const access = await grantAccess(ctx, tpp, { ...call, scope: 'balances', accountId, endpoint: 'balances' });
  const account = access.accounts.find((a) => a.id === accountId);
  if (!account) throw new TppError('RESOURCE_UNKNOWN');
  const now = ctx.clock.now().toISOString();
  const available = account.posted_balance - account.pending_debits + account.overdraft_limit;
  return {
    account: { iban: account.iban, currency: 'EUR' },
    balances: [
      {
        balanceAmount: { currency: 'EUR', amount: toDecimalAmount(account.posted_balance) },
        balanceType: 'closingBooked',
        lastChangeDateTime: now,
        referenceDate: now.slice(0, 10),
      },
      {
        balanceAmount: { currency: 'EUR', amount: toDecimalAmount(available) },
        balanceType: 'interimAvailable',
        creditLimitIncluded: account.overdraft_limit > 0n,
        lastChangeDateTime: now,
      },
    ],
  };
}
