import { z } from 'zod';
import { CreatePsd2FundsConsentRequest, type Account, type ScaDetails } from '@comptoir/contracts';
import { addDays, isIsoDate, type IsoDate } from '@comptoir/core';

/** The longest a card issuer may confirm funds: a year (365 days, the bank's longest consent). */
export const FUNDS_CONSENT_DAYS = 365;

/** « Autoriser un émetteur de carte » as the form holds it. */
export interface FundsConsentValues {
  /** The card issuer's identifier as typed (`psdfr-acpr-12345 ` is fine: trimmed, upper-cased). */
  organisationId: string;
  /** One of the customer's accounts with an IBAN, '' while none is chosen. */
  accountId: string;
  /** The last day, `YYYY-MM-DD`. */
  validUntil: string;
}

export interface FundsConsentMessages {
  accountRequired: string;
  /** The day is not between tomorrow and a year from today. */
  dateInvalid: string;
}

/** The days the end may fall on: from tomorrow to a year from today (Paris days, as the server counts). */
export const fundsConsentDays = (today: IsoDate): { min: IsoDate; max: IsoDate } => ({
  min: addDays(today, 1),
  max: addDays(today, FUNDS_CONSENT_DAYS),
});

/** The accounts a card issuer may check: those with an IBAN (not the Espaces), main account first. */
export const fundsAccounts = (accounts: readonly Account[]): (Account & { iban: string })[] =>
  accounts
    .filter((account): account is Account & { iban: string } => account.iban !== null)
    .sort((a, b) => Number(b.kind === 'main') - Number(a.kind === 'main'));

/** What the form starts with: no identifier, the main account, a year from today. */
export const emptyFundsConsent = (accounts: readonly Account[], today: IsoDate): FundsConsentValues => ({
  organisationId: '',
  accountId: fundsAccounts(accounts)[0]?.id ?? '',
  validUntil: fundsConsentDays(today).max,
});

/**
 * The form as a schema whose output is the `POST /api/psd2/funds-consents` body: the contract's
 * request, its identifier trimmed and upper-cased with its own French words, the account required
 * and the day within the window the server allows — said before the contract's format check.
 */
export const fundsConsentForm = (today: IsoDate, messages: FundsConsentMessages) => {
  const { min, max } = fundsConsentDays(today);
  const { shape } = CreatePsd2FundsConsentRequest;
  return CreatePsd2FundsConsentRequest.extend({
    accountId: z.string().min(1, messages.accountRequired).pipe(shape.accountId),
    validUntil: z
      .string()
      .refine((day) => isIsoDate(day) && day >= min && day <= max, messages.dateInvalid)
      .pipe(shape.validUntil),
  });
};

/** What the strong authentication is bound to: exactly the body sent (action `psd2_funds_consent`). */
export const fundsConsentScaDetails = (
  request: CreatePsd2FundsConsentRequest,
): ScaDetails<'psd2_funds_consent'> => ({
  organisationId: request.organisationId,
  accountId: request.accountId,
  validUntil: request.validUntil,
});
