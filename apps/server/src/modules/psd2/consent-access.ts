import type { ConsentScope } from '@comptoir/contracts';
import { parisDate } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import { currentConsent } from './consent-read-service.ts';
import { accountScopes } from './consent-scope.ts';
import { scaStillValid } from './consent-terms.ts';
import { countUnattendedCall, markConsentAccessed, paymentAccounts, type Psd2AccountRow } from './queries.ts';
import type { TppCaller } from './tpp.ts';
import { TppError } from './tpp-error.ts';

export interface AccessRequest {
  consentId: string | undefined;
  scope: ConsentScope;
  /** The account read, or null for the list of accounts. */
  accountId: string | null;
  /** The service, as counted: `accounts`, `account`, `balances`, `transactions`, `transaction`. */
  endpoint: string;
  /** `PSU-IP-Address` was sent: the customer is present, the call is not counted. */
  psuPresent: boolean;
}

export interface GrantedAccess {
  customerId: string;
  consentId: string;
  /** The services the consent covers on each of its accounts, by account id. */
  scopesByAccount: Map<string, ConsentScope[]>;
  accounts: Psd2AccountRow[];
}

/**
 * Whether this TPP may make this call under the consent named by `Consent-ID`, checked at each
 * call: the consent is this TPP's, valid, not past `validUntil`, its strong authentication less than
 * 180 days old, it covers the service and the account; an unattended call is counted per consent,
 * account, service and Paris day, and the call beyond `frequencyPerDay` answers 429.
 */
export async function grantAccess(
  ctx: AppContext,
  tpp: TppCaller,
  request: AccessRequest,
): Promise<GrantedAccess> {
  if (!request.consentId) throw new TppError('FORMAT_ERROR', 'L’en-tête Consent-ID manque.');
  const consent = await currentConsent(ctx, tpp, request.consentId);
  const now = ctx.clock.now();
  if (consent.status === 'expired') throw new TppError('CONSENT_EXPIRED');
  if (consent.status !== 'valid' || !consent.customer_id || !consent.sca_at)
    throw new TppError('CONSENT_INVALID');
  if (!scaStillValid(consent.sca_at, now)) {
    throw new TppError(
      'CONSENT_EXPIRED',
      'L’authentification forte du client a plus de 180 jours : démarrez une nouvelle autorisation (POST /consents/{consentId}/authorisations).',
    );
  }
  if (!consent.scopes.includes(request.scope))
    throw new TppError('CONSENT_INVALID', 'Ce service n’est pas couvert par le consentement.');
  const accounts = await paymentAccounts(ctx.db, consent.customer_id, consent.account_ids);
  if (request.accountId !== null) {
    const account = accounts.find((a) => a.id === request.accountId);
    if (!account) throw new TppError('RESOURCE_UNKNOWN');
    if (!accountScopes(consent, account.iban).includes(request.scope)) {
      throw new TppError(
        'CONSENT_INVALID',
        'Ce service n’est pas couvert par le consentement pour ce compte.',
      );
    }
  }
  if (!request.psuPresent) {
    const calls = await countUnattendedCall(ctx.db, {
      consentId: consent.id,
      accountId: BigInt(request.accountId ?? 0),
      endpoint: request.endpoint,
      day: parisDate(now),
    });
    if (calls > consent.frequency_per_day) throw new TppError('ACCESS_EXCEEDED');
  }
  await markConsentAccessed(ctx.db, consent.id, now);
  return {
    customerId: consent.customer_id,
    consentId: consent.id,
    scopesByAccount: new Map(accounts.map((a) => [a.id, accountScopes(consent, a.iban)])),
    accounts,
  };
}
