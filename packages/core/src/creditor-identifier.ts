/**
 * The SEPA Creditor Identifier (CI) of a direct debit's creditor: 2 letters of country, 2 check
 * digits, a 3-character creditor business code, then the national identifier (up to 28 letters and
 * digits), 35 characters at most — `FR72ZZZ123456`. The check digits are ISO 7064 mod 97-10, computed
 * like an IBAN's but over the national identifier alone: the business code is left out, so a creditor
 * may change it (one code per line of business) and stay the same creditor. Mod 97-10 also accepts
 * 00, 01 and 99 where the computed digits are 97, 98 and 02: only 02–98 are the proper spelling, so
 * one creditor has one identifier.
 */

const SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/;

/** The identifier in its electronic form: spaces dropped, upper case. */
export const normalizeCreditorId = (text: string): string => text.replace(/\s+/g, '').toUpperCase();

/** ISO 7064 mod 97-10 remainder of a string of letters (A = 10 … Z = 35) and digits. */
function mod97(text: string): number {
  let remainder = 0;
  for (const c of text) {
    const value = c >= 'A' && c <= 'Z' ? String(c.charCodeAt(0) - 55) : c;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** Whether `text` (spaces and case aside) is a well-formed SEPA Creditor Identifier with good check digits. */
export function isCreditorId(text: string): boolean {
  const ci = normalizeCreditorId(text);
  if (ci.length > 35 || !SHAPE.test(ci)) return false;
  const checkDigits = Number(ci.slice(2, 4));
  if (checkDigits < 2 || checkDigits > 98) return false;
  return mod97(ci.slice(7) + ci.slice(0, 4)) === 1;
}

/**
 * The creditor a CI names: its country and national identifier, without check digits or business
 * code (`FR72ZZZ123456` and `FR72ABC123456` are one creditor, `FR123456`). What a mandate, the
 * customer's allow and block lists and a mandate's caps compare, so no other spelling of the same
 * identifier names another creditor.
 */
export const creditorIdentity = (text: string): string => {
  const ci = normalizeCreditorId(text);
  return ci.slice(0, 2) + ci.slice(7);
};

/**
 * A mandate reference as mandates are matched: spaces around it dropped, upper case — `ABC-1`,
 * ` abc-1 ` and `Abc-1` are one mandate, so neither spaces nor case revive a revoked one.
 */
export const mandateReferenceKey = (text: string): string => text.trim().toUpperCase();
