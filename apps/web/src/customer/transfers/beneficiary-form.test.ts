import { describe, expect, it } from 'vitest';
import type { PayeeVerification } from '@comptoir/contracts';
import {
  beneficiaryForm,
  bicForIban,
  canSaveBeneficiary,
  caretAfterGrouping,
  clearBeneficiaryDraft,
  groupIbanInput,
  readBeneficiaryDraft,
  saveBeneficiaryDraft,
  ownBankOf,
  toCreateRequest,
} from './beneficiary-form.ts';

const messages = { nameRequired: 'nom', ibanInvalid: 'IBAN invalide.', bicInvalid: 'BIC invalide.' };

describe('the IBAN field', () => {
  it('groups what is typed by four, in capitals, without other characters', () => {
    expect(groupIbanInput('lu28001')).toBe('LU28 001');
    expect(groupIbanInput('LU28 0019-4006.4475 0000')).toBe('LU28 0019 4006 4475 0000');
    expect(groupIbanInput('LU280019')).toBe('LU28 0019');
    expect(groupIbanInput('')).toBe('');
    expect(groupIbanInput('A'.repeat(50)).replace(/ /g, '')).toHaveLength(34);
  });

  it('keeps the caret after the same character once regrouped', () => {
    // Typing « 9 » after « LU28 001 » → « LU28 0019 », caret at the end.
    expect(caretAfterGrouping('LU28 0019', 9, 'LU28 0019')).toBe(9);
    // Typing « X » at position 2 of « LU28 0019 » (« LUX28 0019 ») → « LUX2 8001 9 », caret after X.
    expect(caretAfterGrouping('LUX28 0019', 3, groupIbanInput('LUX28 0019'))).toBe(3);
    expect(caretAfterGrouping('lu280', 5, 'LU28 0')).toBe(6);
    expect(caretAfterGrouping('x', 0, 'X')).toBe(0);
  });
});

describe('the BIC of this bank', () => {
  const bank = ownBankOf({ iban: 'LU490990000000000001', bic: 'CMPTLULLXXX' });
  it('is read from the customer’s own account', () => {
    expect(bank).toEqual({ bankCode: '099', bic: 'CMPTLULLXXX' });
    expect(ownBankOf({ iban: null, bic: 'CMPTLULLXXX' })).toBeNull();
    expect(ownBankOf(undefined)).toBeNull();
  });

  it('is filled in only for a complete IBAN of this bank', () => {
    expect(bicForIban('LU22 0990 0000 0000 0002', bank)).toBe('CMPTLULLXXX');
    expect(bicForIban('LU22 0990 0000 0000 000', bank)).toBeNull();
    expect(bicForIban('LU28 0019 4006 4475 0000', bank)).toBeNull();
    expect(bicForIban('DE55 3704 0044 0532 0140 00', bank)).toBeNull();
    expect(bicForIban('LU22 0990 0000 0000 0002', null)).toBeNull();
  });
});

describe('the form', () => {
  const schema = beneficiaryForm(messages);
  it('checks the IBAN (mod-97) and the BIC when given', () => {
    const ok = { label: '', name: 'Erika Mustermann', iban: 'DE55 3704 0044 0532 0140 00', bic: '' };
    expect(schema.safeParse(ok).success).toBe(true);
    const badIban = schema.safeParse({ ...ok, iban: 'DE56 3704 0044 0532 0140 00' });
    expect(badIban.error?.issues.map((i) => i.message)).toEqual(['IBAN invalide.']);
    const badBic = schema.safeParse({ ...ok, bic: 'COBA1DEFF' });
    expect(badBic.error?.issues.map((i) => i.message)).toEqual(['BIC invalide.']);
    expect(schema.safeParse({ ...ok, bic: 'cobadeff' }).success).toBe(true);
    expect(schema.safeParse({ ...ok, name: '  ' }).error?.issues.map((i) => i.message)).toEqual(['nom']);
  });

  it('sends the IBAN in electronic form and leaves empty fields out', () => {
    expect(
      toCreateRequest(
        { label: ' ', name: ' Erika ', iban: 'de55 3704 0044 0532 0140 00', bic: '' },
        { mismatch: false, fraudWarning: false },
      ),
    ).toEqual({ name: 'Erika', iban: 'DE55370400440532014000' });
    expect(
      toCreateRequest(
        { label: 'Loyer', name: 'Paul', iban: 'DE55370400440532014000', bic: 'cobadeff' },
        { mismatch: true, fraudWarning: true },
      ),
    ).toEqual({
      label: 'Loyer',
      name: 'Paul',
      iban: 'DE55370400440532014000',
      bic: 'COBADEFF',
      confirmedMismatch: true,
      acknowledgeFraudWarning: true,
    });
  });
});

describe('the draft kept while the customer secures the account', () => {
  const memory = () => {
    const items = new Map<string, string>();
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
      items,
    };
  };

  it('comes back as typed, until cleared', () => {
    const storage = memory();
    expect(readBeneficiaryDraft(storage)).toBeNull();
    const typed = { label: 'Loyer', name: 'Erika Mustermann', iban: 'DE55 3704 0044 0532 0140 00', bic: '' };
    saveBeneficiaryDraft(typed, storage);
    expect(readBeneficiaryDraft(storage)).toEqual(typed);
    clearBeneficiaryDraft(storage);
    expect(readBeneficiaryDraft(storage)).toBeNull();
  });

  it('ignores anything else found under its key, and storage that refuses', () => {
    const storage = memory();
    storage.setItem('comptoir:beneficiary-draft', '{"name": 3}');
    expect(readBeneficiaryDraft(storage)).toBeNull();
    storage.setItem('comptoir:beneficiary-draft', 'pas du JSON');
    expect(readBeneficiaryDraft(storage)).toBeNull();
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(() => saveBeneficiaryDraft({ label: '', name: 'A', iban: 'B', bic: '' }, refusing)).not.toThrow();
    expect(readBeneficiaryDraft(refusing)).toBeNull();
    expect(() => clearBeneficiaryDraft(refusing)).not.toThrow();
    expect(readBeneficiaryDraft(null)).toBeNull();
  });
});

describe('« Enregistrer » after Verification of Payee', () => {
  const none = { mismatch: false, fraudWarning: false };
  const all = { mismatch: true, fraudWarning: true };
  const answer = (result: PayeeVerification['result'], more: Partial<PayeeVerification> = {}) => ({
    result,
    reportedForFraud: false,
    ...more,
  });

  it('never goes on to strong authentication for a closed account', () => {
    const closed = answer('not_possible', { reason: 'account_closed' });
    expect(canSaveBeneficiary(closed, none)).toBe(false);
    expect(canSaveBeneficiary(closed, all)).toBe(false);
  });

  it('goes on after any other answer, a mismatch once confirmed', () => {
    expect(canSaveBeneficiary(null, all)).toBe(false);
    expect(canSaveBeneficiary(answer('match'), none)).toBe(true);
    expect(canSaveBeneficiary(answer('not_possible'), none)).toBe(true);
    expect(canSaveBeneficiary(answer('no_match'), none)).toBe(false);
    expect(canSaveBeneficiary(answer('no_match'), { mismatch: true, fraudWarning: false })).toBe(true);
  });

  it('goes on for an IBAN reported for fraud only once the warning is confirmed, whatever the name', () => {
    const reported = answer('match', { reportedForFraud: true });
    expect(canSaveBeneficiary(reported, none)).toBe(false);
    expect(canSaveBeneficiary(reported, { mismatch: false, fraudWarning: true })).toBe(true);
    const both = answer('no_match', { reportedForFraud: true });
    expect(canSaveBeneficiary(both, { mismatch: true, fraudWarning: false })).toBe(false);
    expect(canSaveBeneficiary(both, all)).toBe(true);
  });
});
