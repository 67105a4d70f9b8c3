import { electronicFormatIBAN, isValidIBAN, isValidBIC, friendlyFormatIBAN } from 'ibantools';

export const normalizeIban = (text: string): string => electronicFormatIBAN(text) ?? '';
export const isIban = (text: string): boolean => isValidIBAN(normalizeIban(text));
export const isBic = (text: string): boolean => isValidBIC(text.trim().toUpperCase());
/** Groups of four for display: « LU28 0019 4006 4475 0000 ». */
export const formatIban = (text: string): string => friendlyFormatIBAN(normalizeIban(text)) ?? text;

/** ISO 7064 mod-97-10 check digits for a country + BBAN. */
export function ibanCheckDigits(country: string, bban: string): string {
  const rearranged = `${bban}${country}00`.toUpperCase();
  let remainder = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    const digits = code >= 65 && code <= 90 ? String(code - 55) : ch;
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return String(98 - remainder).padStart(2, '0');
}

/**
 * A Luxembourg IBAN: LUkk + 3-digit bank code + 13-character account number.
 * `accountNumber` is padded with leading zeros to 13 digits.
 */
export function luxembourgIban(bankCode: string, accountNumber: bigint | number): string {
  if (!/^\d{3}$/.test(bankCode)) throw new RangeError('bank code must be 3 digits');
  const acct = String(accountNumber).padStart(13, '0');
  if (acct.length !== 13) throw new RangeError('account number too long');
  const bban = `${bankCode}${acct}`;
  return `LU${ibanCheckDigits('LU', bban)}${bban}`;
}

/** Masks an IBAN for logs: keeps the country, check digits and last four. */
export const maskIban = (iban: string): string => {
  const n = normalizeIban(iban);
  return n.length > 8 ? `${n.slice(0, 4)}${'•'.repeat(n.length - 8)}${n.slice(-4)}` : '••••';
};

/** The 3-digit bank code of a valid Luxembourg IBAN (« LU28 0019 … » → « 001 »), else null. */
export const ibanBankCode = (iban: string): string | null => {
  const n = normalizeIban(iban);
  return n.length === 20 && n.startsWith('LU') && isValidIBAN(n) ? n.slice(4, 7) : null;
};

/** Whether a valid IBAN is an account of the institution whose bank code is given. */
export const isOwnBankIban = (iban: string, profile: { bankCode: string }): boolean =>
  ibanBankCode(iban) === profile.bankCode;
