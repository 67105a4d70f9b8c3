import { describe, expect, it } from 'vitest';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  problemField,
  sandboxDirectDebitForm,
  type SandboxDirectDebitValues,
} from './sandbox-direct-debit-form.ts';

const MESSAGES = {
  required: 'Champ obligatoire.',
  invalid: 'Valeur invalide.',
  amount: 'Indiquez un montant positif en euros (deux décimales au plus).',
};

const filled: SandboxDirectDebitValues = {
  iban: 'FR76 3000 4000 0312 3456 7890 143',
  creditorId: 'FR72ZZZ123456',
  creditorName: 'Energie Verte',
  mandateId: 'MANDAT-2026-001',
  mandateSignedOn: '2026-01-15',
  sequence: 'FRST',
  amount: '49,90',
  dueDate: '2026-12-01',
  remittanceInfo: 'Facture novembre',
};

/** What the form's resolver answers: the request body, or a message per field. */
async function resolve(values: Partial<SandboxDirectDebitValues>) {
  const result = await zodResolver(sandboxDirectDebitForm(MESSAGES))({ ...filled, ...values }, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return {
    body: result.values as Record<string, unknown>,
    errors: Object.fromEntries(Object.entries(result.errors).map(([field, e]) => [field, e?.message])),
  };
}

describe('sandbox form « Annoncer un prélèvement »', () => {
  it('sends the contract’s body: the amount in cents, the texts trimmed', async () => {
    const { body, errors } = await resolve({ amount: '1 234,5', creditorName: ' Energie Verte ' });
    expect(errors).toEqual({});
    expect(body).toEqual({
      iban: 'FR76 3000 4000 0312 3456 7890 143',
      creditorId: 'FR72ZZZ123456',
      creditorName: 'Energie Verte',
      mandateId: 'MANDAT-2026-001',
      mandateSignedOn: '2026-01-15',
      sequence: 'FRST',
      amount: 123_450,
      dueDate: '2026-12-01',
      remittanceInfo: 'Facture novembre',
    });
  });

  it('lets the libellé stay empty, not the other fields', async () => {
    expect((await resolve({ remittanceInfo: '' })).body.remittanceInfo).toBe('');
    const { errors } = await resolve({ iban: ' ', creditorName: '', dueDate: '' });
    expect(errors).toEqual({
      iban: MESSAGES.required,
      creditorName: MESSAGES.required,
      dueDate: MESSAGES.required,
    });
  });

  it('says what is wrong with an amount: not euros, zero, above the cap', async () => {
    expect((await resolve({ amount: '12,345' })).errors).toEqual({ amount: MESSAGES.amount });
    expect((await resolve({ amount: 'douze' })).errors).toEqual({ amount: MESSAGES.amount });
    expect((await resolve({ amount: '0' })).errors).toEqual({ amount: 'Le montant doit être positif.' });
    expect((await resolve({ amount: '1000000,01' })).errors).toEqual({
      amount: 'Montant trop élevé (1 000 000 € au maximum).',
    });
  });

  it('refuses a sequence outside FRST, RCUR, OOFF, FNAL and a libellé over 140 characters', async () => {
    expect((await resolve({ sequence: 'XXXX', remittanceInfo: 'x'.repeat(141) })).errors).toEqual({
      sequence: MESSAGES.invalid,
      remittanceInfo: MESSAGES.invalid,
    });
  });

  it('puts each of the server’s SEPA refusals under its field, and nothing else', () => {
    expect(problemField('direct_debit_creditor_id_invalid')).toBe('creditorId');
    expect(problemField('direct_debit_mandate_reference_invalid')).toBe('mandateId');
    expect(problemField('direct_debit_due_date_past')).toBe('dueDate');
    expect(problemField('sandbox_account_not_found')).toBe('iban');
    expect(problemField('idempotency_key_required')).toBeNull();
    expect(problemField('forbidden')).toBeNull();
  });
});
