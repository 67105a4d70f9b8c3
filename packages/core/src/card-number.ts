/**
 * Card numbers (ISO/IEC 7812): a BIN, account digits and a Luhn check digit. `randomInt(min,
 * maxExclusive)` is injected (crypto on the server). No card number is ever made in the browser.
 */

/** The Luhn (mod 10) check digit to append to `digits`. */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  // From the right, every second digit starting with the rightmost of `digits` is doubled.
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

export const isLuhnValid = (pan: string): boolean =>
  /^\d{2,19}$/.test(pan) && luhnCheckDigit(pan.slice(0, -1)) === Number(pan.slice(-1));

export const PAN_LENGTH = 16;

/** A 16-digit, Luhn-valid PAN starting with `bin` (6 to 8 digits). */
export function generatePan(bin: string, randomInt: (min: number, maxExclusive: number) => number): string {
  if (!/^\d{6,8}$/.test(bin)) throw new Error('A BIN has 6 to 8 digits');
  let body = bin;
  while (body.length < PAN_LENGTH - 1) body += String(randomInt(0, 10));
  return body + String(luhnCheckDigit(body));
}

/** A 3-digit card verification value. */
export const generateCvv = (randomInt: (min: number, maxExclusive: number) => number): string =>
  String(randomInt(0, 1000)).padStart(3, '0');

/** `•••• •••• •••• 1234`. */
export const maskedPan = (last4: string): string => `•••• •••• •••• ${last4}`;

/** `1234 5678 9012 3456`. */
export const groupedPan = (pan: string): string => pan.replace(/(\d{4})(?=\d)/g, '$1 ');

/** `MM/YY` of a UTC year and month (1–12). */
export const cardMonth = (year: number, month: number): string =>
  `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;
