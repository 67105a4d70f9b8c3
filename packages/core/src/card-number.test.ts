import { describe, expect, it } from 'vitest';
import {
  cardMonth,
  generateCvv,
  generatePan,
  groupedPan,
  isLuhnValid,
  luhnCheckDigit,
  maskedPan,
} from './card-number.ts';

const seq = (values: number[]) => {
  let i = 0;
  return (min: number, max: number) => {
    const v = values[i++ % values.length] ?? 0;
    return Math.min(max - 1, Math.max(min, v));
  };
};

describe('card numbers', () => {
  it('computes the Luhn check digit of known numbers', () => {
    expect(luhnCheckDigit('7992739871')).toBe(3);
    expect(isLuhnValid('79927398713')).toBe(true);
    expect(isLuhnValid('79927398710')).toBe(false);
    expect(isLuhnValid('4111111111111111')).toBe(true);
    expect(isLuhnValid('4111111111111112')).toBe(false);
    expect(isLuhnValid('41111x1111111111')).toBe(false);
  });

  it('makes 16-digit Luhn-valid numbers in the BIN', () => {
    const random = (min: number, max: number) => min + Math.floor(Math.random() * (max - min));
    for (let i = 0; i < 500; i++) {
      const pan = generatePan('099001', random);
      expect(pan).toMatch(/^099001\d{10}$/);
      expect(isLuhnValid(pan)).toBe(true);
    }
    expect(generatePan('09900123', seq([1, 2, 3]))).toMatch(/^09900123\d{8}$/);
    expect(() => generatePan('12', random)).toThrow();
  });

  it('makes a 3-digit CVV, leading zeros kept', () => {
    expect(generateCvv(seq([7]))).toBe('007');
    expect(generateCvv(seq([999]))).toBe('999');
  });

  it('formats numbers and months', () => {
    expect(maskedPan('1234')).toBe('•••• •••• •••• 1234');
    expect(groupedPan('0990011234567890')).toBe('0990 0112 3456 7890');
    expect(cardMonth(2026, 11)).toBe('11/26');
    expect(cardMonth(2030, 1)).toBe('01/30');
  });
});
