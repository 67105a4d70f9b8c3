import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  cents,
  formatEuros,
  formatSignedEuros,
  fromDecimalAmount,
  parseEuros,
  toDecimalAmount,
  toJsonCents,
} from './money.ts';

describe('money', () => {
  it('parses typed amounts into integer cents', () => {
    expect(parseEuros('12')).toBe(1200n);
    expect(parseEuros('12,5')).toBe(1250n);
    expect(parseEuros('1 234,56 €')).toBe(123456n);
    expect(parseEuros('0.07')).toBe(7n);
    expect(parseEuros('1,234')).toBeNull();
    expect(parseEuros('-3')).toBeNull();
    expect(parseEuros('abc')).toBeNull();
  });

  it('formats fr-FR without floats', () => {
    expect(formatEuros(cents(123456))).toMatch(/^1\s234,56\s€$/);
    expect(formatEuros(cents(5))).toMatch(/^0,05\s€$/);
    expect(formatSignedEuros(cents(-1000))).toMatch(/^− 10,00\s€$/);
    expect(formatSignedEuros(cents(1000))).toMatch(/^\+ 10,00\s€$/);
    expect(formatEuros(9_007_199_254_740_993n)).toContain(',93');
  });

  it('round-trips any amount through format and parse', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 999_999_999_999_99n }), (n) => {
        expect(parseEuros(formatEuros(n))).toBe(n);
      }),
    );
  });

  it('refuses non-integer numbers', () => {
    expect(() => cents(1.5)).toThrow(RangeError);
  });

  it('leaves as a JSON number only what a double holds exactly', () => {
    expect(toJsonCents(123456n)).toBe(123456);
    expect(toJsonCents(-5n)).toBe(-5);
    expect(toJsonCents(BigInt(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
    expect(toJsonCents(BigInt(Number.MIN_SAFE_INTEGER))).toBe(Number.MIN_SAFE_INTEGER);
    expect(() => toJsonCents(BigInt(Number.MAX_SAFE_INTEGER) + 1n)).toThrow(RangeError);
    expect(() => toJsonCents(BigInt(Number.MIN_SAFE_INTEGER) - 1n)).toThrow(RangeError);
  });
});

describe('toDecimalAmount', () => {
  it.each([
    [0n, '0.00'],
    [5n, '0.05'],
    [-5n, '-0.05'],
    [123456n, '1234.56'],
    [-100n, '-1.00'],
    [900719925474099123n, '9007199254740991.23'],
  ])('%s cents read %s', (value, text) => {
    expect(toDecimalAmount(value)).toBe(text);
  });
});

describe('fromDecimalAmount', () => {
  it.each([
    ['12', 1200n],
    ['12.3', 1230n],
    ['12.30', 1230n],
    ['0.01', 1n],
    ['999999999999999.99', 99999999999999999n],
  ])('%s is exactly %s cents', (text, value) => {
    expect(fromDecimalAmount(text)).toBe(value);
  });

  it.each(['', '-1.00', '1.234', '1,50', '1e3', ' 1.00', '.5', '1.'])('%j is not an amount', (text) => {
    expect(fromDecimalAmount(text)).toBeNull();
  });

  it('reads back what toDecimalAmount writes', () => {
    for (const value of [0n, 1n, 99n, 100n, 123456789n]) {
      expect(fromDecimalAmount(toDecimalAmount(value))).toBe(value);
    }
  });
});
