// Which services a consent covers on one account: pure, from the consent's own lists.
import type { ConsentScope } from '@comptoir/contracts';

export interface ScopedConsent {
  scopes: readonly ConsentScope[];
  /** Per service, the IBANs the TPP named for it; null when every service covers every account. */
  scope_ibans: { balances: string[]; transactions: string[] } | null;
}

/**
 * The services a consent covers on the account with `iban` (NextGenPSD2 IG §6.3.1.1): a TPP that
 * named its accounts gets on each only what it asked for it — its details (`accounts`, implied by
 * any list naming it), its balances if it is in `balances`, its transactions if it is in
 * `transactions`. A consent for every account (`allPsd2`, a bank-offered or an available-accounts
 * one) covers its services on every account granted.
 */
export function accountScopes(consent: ScopedConsent, iban: string): ConsentScope[] {
  const named = consent.scope_ibans;
  if (!named) return [...consent.scopes];
  return consent.scopes.filter(
    (scope) =>
      scope === 'accounts' ||
      (scope === 'balances' && named.balances.includes(iban)) ||
      (scope === 'transactions' && named.transactions.includes(iban)),
  );
}
