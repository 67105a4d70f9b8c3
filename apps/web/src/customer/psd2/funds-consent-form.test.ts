import { describe, expect, it } from 'vitest';
import type { Account } from '@comptoir/contracts';
import {
  emptyFundsConsent,
  fundsAccounts,
  fundsConsentDays,
  fundsConsentForm,
  fundsConsentScaDetails,
  type FundsConsentValues,
} from './funds-consent-form.ts';

const TODAY = '2026-11-30';
const schema = fundsConsentForm(TODAY, { accountRequired: 'compte', dateInvalid: 'date' });
const form = (over: Partial<FundsConsentValues>): FundsConsentValues => ({
  organisationId: 'PSDFR-ACPR-12345',
  accountId: '7',
  validUntil: '2027-06-01',
  ...over,
});
const errorsOf = (values: FundsConsentValues): Record<string, string> => {
  const parsed = schema.safeParse(values);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
};

const account = (over: Partial<Account>): Account => ({
  id: '1',
  iban: 'FR7630001007941234567890185',
  bic: 'CMPTFRPP',
  name: 'Compte courant',
  type: 'individual',
  kind: 'main',
  bookedBalance: 0,
  availableBalance: 0,
  openedAt: '2026-01-01T00:00:00Z',
  goal: null,
  frozen: false,
  ...over,
});

describe('« Autoriser un émetteur de carte »', () => {
  it('sends the identifier as the contract writes it: trimmed, upper-cased', () => {
    expect(schema.parse(form({ organisationId: '  psdfr-acpr-12345 ' }))).toEqual({
      organisationId: 'PSDFR-ACPR-12345',
      accountId: '7',
      validUntil: '2027-06-01',
    });
  });

  it('binds the strong authentication to exactly the body sent', () => {
    const request = schema.parse(form({ organisationId: 'psdde-bafin-9' }));
    expect(fundsConsentScaDetails(request)).toEqual({
      organisationId: 'PSDDE-BAFIN-9',
      accountId: '7',
      validUntil: '2027-06-01',
    });
  });

  it('ends between tomorrow and a year from today, a year by default', () => {
    expect(fundsConsentDays(TODAY)).toEqual({ min: '2026-12-01', max: '2027-11-30' });
    expect(errorsOf(form({ validUntil: '2026-12-01' }))).toEqual({});
    expect(errorsOf(form({ validUntil: '2027-11-30' }))).toEqual({});
    expect(errorsOf(form({ validUntil: TODAY }))).toEqual({ validUntil: 'date' });
    expect(errorsOf(form({ validUntil: '2027-12-01' }))).toEqual({ validUntil: 'date' });
    expect(errorsOf(form({ validUntil: '' }))).toEqual({ validUntil: 'date' });
    expect(errorsOf(form({ validUntil: '2027-02-30' }))).toEqual({ validUntil: 'date' });
  });

  it('says what is wrong in the form’s words, then in the contract’s', () => {
    expect(errorsOf(form({ accountId: '' }))).toEqual({ accountId: 'compte' });
    expect(errorsOf(form({ organisationId: 'Mon émetteur' }))).toEqual({
      organisationId: 'Identifiant attendu : PSDFR-ACPR-12345.',
    });
    expect(errorsOf(form({ organisationId: '' }))).toEqual({
      organisationId: 'Identifiant attendu : PSDFR-ACPR-12345.',
    });
  });

  it('offers the accounts with an IBAN, the main one first and chosen', () => {
    const accounts = [
      account({ id: '3', kind: 'sub', iban: null, name: 'Vacances' }),
      account({ id: '2', kind: 'sub', name: 'Compte joint' }),
      account({ id: '1' }),
    ];
    expect(fundsAccounts(accounts).map((a) => a.id)).toEqual(['1', '2']);
    expect(emptyFundsConsent(accounts, TODAY)).toEqual({
      organisationId: '',
      accountId: '1',
      validUntil: '2027-11-30',
    });
    expect(emptyFundsConsent([], TODAY).accountId).toBe('');
  });
});
