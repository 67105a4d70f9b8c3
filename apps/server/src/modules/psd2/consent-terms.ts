// The terms a bank sets on an account-information consent, as data and pure functions: how long,
// how often without the customer, how often strong authentication is renewed. Sources named on
// each rule; consent-terms.test.ts reads as their specification.
import { addDays } from '@comptoir/core';

/**
 * The longest consent the bank gives: 365 days. A later `validUntil` (the standard's "9999-12-31"
 * included) is clipped to it, not refused (NextGenPSD2 IG §6.3.1.1: the ASPSP may adjust it).
 */
export const MAX_CONSENT_DAYS = 365;

/**
 * Unattended accesses (no `PSU-IP-Address`) per day, per account and per service: four (RTS
 * 2018/389 art. 36(5)(b)). A one-off consent allows one.
 */
export const MAX_FREQUENCY_PER_DAY = 4;

/**
 * Strong authentication through a TPP is renewed when 180 days have passed since the last one
 * (RTS 2018/389 art. 10a, as amended by Delegated Regulation (EU) 2022/2360); not in between.
 */
export const SCA_RENEWAL_DAYS = 180;

const DAY_MS = 86_400_000;

export interface RequestedTerms {
  recurring: boolean;
  validUntil: string;
  frequencyPerDay: number;
}

/**
 * The terms granted for the terms asked, `today` being the Paris day of the request: `validUntil`
 * clipped to today + 365 days, `frequencyPerDay` to 4 (1 for a one-off consent). `null` when the
 * request cannot be granted at all: a date already past, or a frequency below 1.
 */
export function grantedTerms(requested: RequestedTerms, today: string): RequestedTerms | null {
  if (requested.validUntil < today || requested.frequencyPerDay < 1) return null;
  const latest = addDays(today, MAX_CONSENT_DAYS);
  return {
    recurring: requested.recurring,
    validUntil: requested.validUntil > latest ? latest : requested.validUntil,
    frequencyPerDay: requested.recurring ? Math.min(requested.frequencyPerDay, MAX_FREQUENCY_PER_DAY) : 1,
  };
}

/** When the next strong authentication is due, for one given at `scaAt`. */
export const scaRenewalDue = (scaAt: Date): Date => new Date(scaAt.getTime() + SCA_RENEWAL_DAYS * DAY_MS);

/** Whether the consent's data may be read at `now` with the last strong authentication at `scaAt`. */
export const scaStillValid = (scaAt: Date, now: Date): boolean => now < scaRenewalDue(scaAt);

/** Whether a consent valid until `validUntil` (inclusive, Paris day) has expired on `today`. */
export const consentExpired = (validUntil: string, today: string): boolean => today > validUntil;
