import { describe, expect, it } from 'vitest';
import { zodResolver } from '@hookform/resolvers/zod';
import { cents } from '@comptoir/core';
import {
  buildTransferRequest,
  coversAmount,
  emptyTransferForm,
  transferForm,
  type TransferFieldMessages,
  type TransferFormContext,
  type TransferFormValues,
} from './transfer-form.ts';

const TODAY = '2026-11-22';
const form = (values: Partial<TransferFormValues>): TransferFormValues => ({
  ...emptyTransferForm(TODAY),
  beneficiaryId: 'b-1',
  amount: '12,50',
  ...values,
});
const instant = { type: 'instant' as const, accountId: 'acc-1', today: TODAY };
const standard = { ...instant, type: 'standard' as const };

describe('buildTransferRequest', () => {
  it('turns euros typed the French way into integer cents, never through a float', () => {
    for (const [typed, amount] of [
      ['12,50', 1250],
      ['12.5', 1250],
      ['1 234,56', 123456],
      ['0,10', 10],
      ['0,29', 29],
      ['1,13', 113],
      ['4,35', 435],
      ['100', 10000],
    ] as const) {
      const built = buildTransferRequest(form({ amount: typed }), instant);
      expect(built.ok && built.request.amount, typed).toBe(amount);
      expect(built.ok && built.amount, typed).toBe(cents(amount));
    }
  });

  it('says « incomplete » for no beneficiary, no amount, zero, a negative or a third decimal', () => {
    for (const values of [
      { beneficiaryId: '' },
      { amount: '' },
      { amount: '0' },
      { amount: '0,00' },
      { amount: '-5' },
      { amount: '12,345' },
      { amount: 'douze' },
    ]) {
      expect(buildTransferRequest(form(values), instant), JSON.stringify(values)).toEqual({
        ok: false,
        problem: { kind: 'incomplete' },
      });
    }
  });

  it('sends the instant transfer with its motif trimmed, and no date nor repetition', () => {
    const built = buildTransferRequest(
      form({ reference: '  Loyer novembre ', executionDate: '2026-12-01', repeat: true, repeatCount: '3' }),
      instant,
    );
    expect(built).toMatchObject({
      ok: true,
      request: {
        accountId: 'acc-1',
        beneficiaryId: 'b-1',
        amount: 1250,
        reference: 'Loyer novembre',
        type: 'instant',
      },
    });
    expect(built.ok && 'executionDate' in built.request).toBe(false);
    expect(built.ok && 'repeat' in built.request).toBe(false);
  });

  it('one-off today: standard timing, no execution date sent; a future date schedules it', () => {
    const today = buildTransferRequest(form({}), standard);
    expect(today.ok && today.request.executionDate).toBeUndefined();
    const later = buildTransferRequest(form({ executionDate: '2026-12-05' }), standard);
    expect(later.ok && later.request.executionDate).toBe('2026-12-05');
  });

  it('refuses a past or impossible execution date', () => {
    for (const executionDate of ['2026-11-21', '2026-02-30', '22/11/2026']) {
      expect(buildTransferRequest(form({ executionDate }), standard).ok, executionDate).toBe(false);
    }
  });

  it('repeats monthly until an end date after the first one, or a number of times from 2 to 120', () => {
    const until = buildTransferRequest(
      form({
        executionDate: '2026-12-31',
        repeat: true,
        repeatUntil: 'endDate',
        repeatEndDate: '2027-06-30',
      }),
      standard,
    );
    expect(until.ok && until.request.repeat).toEqual({ frequency: 'monthly', endDate: '2027-06-30' });
    const count = buildTransferRequest(
      form({ repeat: true, repeatUntil: 'count', repeatCount: '6' }),
      standard,
    );
    expect(count.ok && count.request.repeat).toEqual({ frequency: 'monthly', count: 6 });

    for (const values of [
      { repeatUntil: 'endDate', repeatEndDate: '' },
      { repeatUntil: 'endDate', repeatEndDate: TODAY },
      { repeatUntil: 'count', repeatCount: '1' },
      { repeatUntil: 'count', repeatCount: '121' },
      { repeatUntil: 'count', repeatCount: '2,5' },
    ] as const) {
      expect(
        buildTransferRequest(form({ repeat: true, ...values }), standard).ok,
        JSON.stringify(values),
      ).toBe(false);
    }
  });

  it('a motif over 140 characters is the motif’s problem, not the whole form’s', () => {
    const built = buildTransferRequest(form({ reference: 'a'.repeat(141) }), instant);
    expect(built).toMatchObject({ ok: false, problem: { kind: 'reference' } });
    expect(buildTransferRequest(form({ reference: 'a'.repeat(140) }), instant).ok).toBe(true);
  });

  it('accents and typographic apostrophes are sent as SEPA text, as a bank transliterates them', () => {
    const built = buildTransferRequest(form({ reference: 'Loyer décembre - l’appart' }), instant);
    expect(built).toMatchObject({ ok: true, request: { reference: "Loyer decembre - l'appart" } });
  });

  it('a motif outside the SEPA character set is refused with the contract’s French message', () => {
    for (const reference of ['Café ☕', 'Prix 10€', 'a & b']) {
      expect(buildTransferRequest(form({ reference }), instant), reference).toEqual({
        ok: false,
        problem: { kind: 'reference', message: 'Le motif contient des caractères non autorisés.' },
      });
    }
    expect(
      buildTransferRequest(form({ reference: "Facture 2026/11-A (solde) : l'acompte +10,5" }), instant).ok,
    ).toBe(true);
  });

  it('checks the fields before the motif (docs/product/transfers.md#rules-in-this-order)', () => {
    expect(buildTransferRequest(form({ amount: '', reference: 'a'.repeat(141) }), instant)).toEqual({
      ok: false,
      problem: { kind: 'incomplete' },
    });
  });
});

describe('coversAmount', () => {
  it('compares integer cents, the available balance included', () => {
    expect(coversAmount(1250, cents(1250))).toBe(true);
    expect(coversAmount(1249, cents(1250))).toBe(false);
    expect(coversAmount(0, cents(1))).toBe(false);
    expect(coversAmount(Number.MAX_SAFE_INTEGER, cents(Number.MAX_SAFE_INTEGER))).toBe(true);
  });
});

describe('the transfer form’s resolver', () => {
  const words: TransferFieldMessages = {
    beneficiaryId: 'Choisissez un bénéficiaire.',
    amount: 'Saisissez un montant supérieur à 0 €, avec deux décimales au plus.',
    executionDate: 'Choisissez une date à partir d’aujourd’hui.',
    repeatEndDate: 'Choisissez la date du dernier virement, après la date d’exécution.',
    repeatCount: 'Saisissez un nombre de virements de 2 à 120.',
  };
  const resolve = async (values: Partial<TransferFormValues>, context: TransferFormContext = instant) => {
    const result = await zodResolver(transferForm(context, words))(form(values), undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    return Object.fromEntries(Object.entries(result.errors).map(([field, e]) => [field, e?.message]));
  };

  it('refuses an amount of zero and a past date on their fields, each with its own French words', async () => {
    expect(await resolve({ amount: '0' })).toEqual({ amount: words.amount });
    expect(await resolve({ beneficiaryId: '', executionDate: '2026-11-21' }, standard)).toEqual({
      beneficiaryId: words.beneficiaryId,
      executionDate: words.executionDate,
    });
  });

  it('a monthly repetition without its end names the field that is missing, not only the form', async () => {
    expect(await resolve({ repeat: true, repeatUntil: 'endDate', repeatEndDate: '' }, standard)).toEqual({
      repeatEndDate: words.repeatEndDate,
    });
    expect(await resolve({ repeat: true, repeatUntil: 'count', repeatCount: '' }, standard)).toEqual({
      repeatCount: words.repeatCount,
    });
  });

  it('refuses a motif outside the SEPA character set with the contract’s words, once the fields hold', async () => {
    expect(await resolve({ reference: 'Prix 10€' })).toEqual({
      reference: 'Le motif contient des caractères non autorisés.',
    });
    expect(await resolve({ amount: '', reference: 'Prix 10€' })).toEqual({ amount: words.amount });
  });

  it('hands the API request to the submit', async () => {
    const result = await zodResolver(transferForm(instant))(form({}), undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(result.values).toEqual({
      accountId: 'acc-1',
      beneficiaryId: 'b-1',
      amount: 1250,
      reference: '',
      type: 'instant',
    });
  });
});
