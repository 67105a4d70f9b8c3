import type { Psd2Consent } from '@comptoir/contracts';
import { accountScopes } from './consent-scope.ts';
import { scaRenewalDue } from './consent-terms.ts';
import type { ConsentRow, Psd2AccountRow } from './queries.ts';

/** A consent as « Accès tiers » shows it. */
export function toConsentView(
  consent: ConsentRow & { tpp_name: string; organisation_id: string },
  accounts: readonly Psd2AccountRow[],
): Psd2Consent {
  const granted = new Set(consent.account_ids);
  return {
    id: consent.id,
    tpp: { name: consent.tpp_name, organisationId: consent.organisation_id },
    status: consent.status,
    scopes: consent.scopes,
    accounts: accounts
      .filter((a) => granted.has(a.id))
      .map((a) => ({ id: a.id, iban: a.iban, name: a.name, scopes: accountScopes(consent, a.iban) })),
    recurring: consent.recurring,
    frequencyPerDay: consent.frequency_per_day,
    grantedAt: consent.granted_at?.toISOString() ?? null,
    validUntil: consent.valid_until,
    // Account information only: a funds consent's strong authentication is not renewed (RTS art. 10a).
    scaRenewalDue:
      consent.status === 'valid' && consent.sca_at && consent.kind !== 'fundsConfirmation'
        ? scaRenewalDue(consent.sca_at).toISOString()
        : null,
    lastAccessAt: consent.last_access_at?.toISOString() ?? null,
    endedAt: consent.ended_at?.toISOString() ?? null,
  };
}
