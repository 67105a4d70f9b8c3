/**
 * The SEPA (EPC) basic Latin character set, the characters every bank of the scheme must carry in
 * a credit transfer's remittance information: a–z, A–Z, 0–9, space and / - ? : ( ) . , ' +
 */
const SEPA_TEXT = /^[a-zA-Z0-9/\-?:().,'+ ]*$/;

/** Whether every character of `text` belongs to the SEPA basic character set. */
export const isSepaText = (text: string): boolean => SEPA_TEXT.test(text);

export const SEPA_CHARSET_MESSAGE = 'Le motif contient des caractères non autorisés.';

const LIGATURES: Record<string, string> = { œ: 'oe', Œ: 'OE', æ: 'ae', Æ: 'AE', ß: 'ss' };

/**
 * What a French customer types, in the SEPA basic set where a bank would transliterate it: accents
 * dropped (« décembre » → « decembre »), ligatures spelled out, typographic apostrophes made straight.
 * Other characters are left as they are (and refused by `isSepaText`).
 */
export const toSepaText = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[œŒæÆß]/g, (c) => LIGATURES[c] ?? c)
    .replace(/[’‘ʼ]/g, "'");
