import type { Psd2FundsConfirmationRequest } from '@comptoir/contracts';
import { fromDecimalAmount, parisDate } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import { consentExpired } from './consent-terms.ts';
import { fundsConsentFor, markConsentAccessed, setConsentStatus } from './queries.ts';
import type { TppCaller } from './tpp.ts';
import { TppError } from './tpp-error.ts';

/**
 * `POST /funds-confirmations` (PSP_IC): whether `instructedAmount` is available now on the account
 * — the booked balance less pending debits, plus the authorised overdraft; never available on a
 * closed account or under an asset freeze — answered yes or no, under the funds consent the
 * customer gave this card issuer for that account (`Consent-ID`, when sent, must be it). No consent
 * of this TPP on that IBAN (whoever holds it, or nobody) is 403 `CONSENT_UNKNOWN`; one revoked or
 * replaced, 401 `CONSENT_INVALID`; past its date, 401 `CONSENT_EXPIRED`.
 */
export async function confirmFunds(
  ctx: AppContext,
  tpp: TppCaller,
  body: Psd2FundsConfirmationRequest,
  consentIdHeader: string | undefined,
): Promise<{ fundsAvailable: boolean }> {
  if (body.instructedAmount.currency !== 'EUR') {
    throw new TppError('FORMAT_ERROR', 'Seuls les montants en euros (EUR) sont pris en charge.');
  }
  const consent = await fundsConsentFor(ctx.db, tpp.id, body.account.iban);
  if (!consent || (consentIdHeader !== undefined && consentIdHeader !== consent.id)) {
    throw new TppError('CONSENT_UNKNOWN');
  }
  const now = ctx.clock.now();
  if (consent.status === 'valid' && consentExpired(consent.valid_until, parisDate(now))) {
    await setConsentStatus(ctx.db, consent.id, 'expired', now);
    throw new TppError('CONSENT_EXPIRED');
  }
  if (consent.status === 'expired') throw new TppError('CONSENT_EXPIRED');
  if (consent.status !== 'valid') throw new TppError('CONSENT_INVALID');
  await markConsentAccessed(ctx.db, consent.id, now);
  const available =
    BigInt(consent.posted_balance) - BigInt(consent.pending_debits) + BigInt(consent.overdraft_limit);
  return {
    fundsAvailable:
      consent.account_open &&
      !consent.frozen &&
      available >= (fromDecimalAmount(body.instructedAmount.amount) ?? 0n),
  };
}
