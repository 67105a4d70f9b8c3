import type { ConsentScope } from '@comptoir/contracts';
import { parisDate } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import { accountScopes } from './consent-scope.ts';
import { consentExpired, scaRenewalDue } from './consent-terms.ts';
import { href } from './links.ts';
import {
  authorisationsOf,
  paymentAccounts,
  setConsentStatus,
  tppConsent,
  type ConsentRow,
} from './queries.ts';
import type { TppCaller } from './tpp.ts';
import { TppError } from './tpp-error.ts';

/**
 * The consent of this TPP, its status brought up to date: a valid consent past its `validUntil`
 * becomes `expired`. Another TPP's consent is unknown (403 CONSENT_UNKNOWN).
 */
export async function currentConsent(
  ctx: AppContext,
  tpp: TppCaller,
  consentId: string,
): Promise<ConsentRow> {
  if (!/^[0-9a-f-]{36}$/.test(consentId)) throw new TppError('CONSENT_UNKNOWN');
  const consent = await tppConsent(ctx.db, tpp.id, consentId);
  // A funds-confirmation consent is the customer's and the bank's (« Accès tiers »), not an
  // account-information one: unknown here.
  if (!consent || consent.kind === 'fundsConfirmation') throw new TppError('CONSENT_UNKNOWN');
  const now = ctx.clock.now();
  if (consent.status === 'valid' && consentExpired(consent.valid_until, parisDate(now))) {
    await setConsentStatus(ctx.db, consent.id, 'expired', now);
    return { ...consent, status: 'expired', ended_at: now };
  }
  return consent;
}

/** `GET /consents/{id}/status`. */
export async function consentStatus(ctx: AppContext, tpp: TppCaller, consentId: string) {
  const consent = await currentConsent(ctx, tpp, consentId);
  return { consentStatus: consent.status };
}

/**
 * `GET /consents/{id}`: what was granted — the accounts (by IBAN) per service, `validUntil`, the
 * frequency — and, beyond the standard, when the customer's strong authentication must be renewed
 * (`scaRenewalDue`, RTS art. 10a) so that no TPP meets an opaque expiry.
 */
export async function consentInformation(ctx: AppContext, tpp: TppCaller, consentId: string) {
  const consent = await currentConsent(ctx, tpp, consentId);
  const ibans =
    consent.customer_id && consent.account_ids.length > 0
      ? (await paymentAccounts(ctx.db, consent.customer_id, consent.account_ids)).map((a) => a.iban)
      : consent.requested_ibans;
  const covering = (scope: ConsentScope) =>
    ibans
      .filter((iban) => accountScopes(consent, iban).includes(scope))
      .map((iban) => ({ iban, currency: 'EUR' }));
  const granted = covering('accounts');
  const authorisations = await authorisationsOf(ctx.db, { consentId: consent.id });
  const access =
    consent.kind === 'allPsd2' && consent.status !== 'valid'
      ? { allPsd2: 'allAccounts' }
      : consent.kind === 'availableAccounts' && consent.status !== 'valid'
        ? consent.scopes.includes('balances')
          ? { availableAccountsWithBalance: 'allAccounts' }
          : { availableAccounts: 'allAccounts' }
        : {
            accounts: granted,
            ...(consent.scopes.includes('balances') ? { balances: covering('balances') } : {}),
            ...(consent.scopes.includes('transactions') ? { transactions: covering('transactions') } : {}),
          };
  return {
    access,
    recurringIndicator: consent.recurring,
    validUntil: consent.valid_until,
    frequencyPerDay: consent.frequency_per_day,
    lastActionDate: (consent.last_access_at ?? consent.granted_at ?? consent.created_at)
      .toISOString()
      .slice(0, 10),
    consentStatus: consent.status,
    ...(consent.sca_at ? { scaRenewalDue: scaRenewalDue(consent.sca_at).toISOString() } : {}),
    _links: {
      self: href(`/consents/${consent.id}`),
      status: href(`/consents/${consent.id}/status`),
      ...(authorisations.length > 0
        ? { scaStatus: href(`/consents/${consent.id}/authorisations/${authorisations.at(-1)?.id ?? ''}`) }
        : {}),
      ...(consent.status === 'valid' ? { account: href('/accounts') } : {}),
    },
  };
}
