import { describe, expect, it } from 'vitest';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  amountText,
  limitsValuesOf,
  mandateLimitsForm,
  type MandateLimitsValues,
} from './mandate-limits-form.ts';

const schema = mandateLimitsForm({ amountInvalid: 'montant', countInvalid: 'nombre' });
const form = (over: Partial<MandateLimitsValues>): MandateLimitsValues => ({
  maxAmount: '',
  maxCount: '',
  period: '',
  ...over,
});
const errorsOf = (values: MandateLimitsValues): Record<string, string> => {
  const parsed = schema.safeParse(values);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('the limits form of a mandate', () => {
  it('turns euros typed the French way into integer cents, and empty fields into no cap', () => {
    expect(schema.parse(form({ maxAmount: '79,90', maxCount: '2', period: 'month' }))).toEqual({
      maxAmount: 7_990,
      maxCount: 2,
      period: 'month',
    });
    expect(schema.parse(form({ maxAmount: '1 000' }))).toEqual({
      maxAmount: 100_000,
      maxCount: null,
      period: null,
    });
    expect(schema.parse(form({}))).toEqual({ maxAmount: null, maxCount: null, period: null });
    // A period with no count says nothing.
    expect(schema.parse(form({ period: 'year' }))).toEqual({ maxAmount: null, maxCount: null, period: null });
  });

  it('says what is wrong in the form’s words, then in the contract’s', () => {
    expect(errorsOf(form({ maxAmount: '12,345' }))).toEqual({ maxAmount: 'montant' });
    expect(errorsOf(form({ maxAmount: 'douze' }))).toEqual({ maxAmount: 'montant' });
    expect(errorsOf(form({ maxCount: '1,5', period: 'month' }))).toEqual({ maxCount: 'nombre' });
    expect(errorsOf(form({ maxAmount: '0' }))).toEqual({
      maxAmount: 'Le montant maximal doit être positif.',
    });
    expect(errorsOf(form({ maxAmount: '1000000,01' }))).toEqual({
      maxAmount: 'Montant trop élevé (1 000 000 € au maximum).',
    });
    expect(errorsOf(form({ maxCount: '0', period: 'month' }))).toEqual({
      maxCount: 'Le nombre maximal de prélèvements doit être au moins 1.',
    });
    expect(errorsOf(form({ maxCount: '3' }))).toEqual({
      period: 'Un nombre maximal de prélèvements va avec sa période (mois ou année).',
    });
  });

  it('shows the mandate’s caps back for editing', () => {
    expect(limitsValuesOf({ maxAmount: 7_990, maxCount: 12, period: 'year' })).toEqual({
      maxAmount: '79,90',
      maxCount: '12',
      period: 'year',
    });
    expect(limitsValuesOf({ maxAmount: null, maxCount: null, period: null })).toEqual(form({}));
    expect(amountText(8_000)).toBe('80');
    expect(amountText(5)).toBe('0,05');
  });

  it('feeds react-hook-form the contract’s body', async () => {
    const resolve = zodResolver(schema);
    const ok = await resolve(form({ maxAmount: '50' }), undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(ok).toEqual({ values: { maxAmount: 5_000, maxCount: null, period: null }, errors: {} });
  });
});
