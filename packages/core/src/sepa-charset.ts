/**
 * The SEPA (EPC) basic Latin character set, the characters every bank of the scheme must carry in
 * a credit transfer's remittance information: a–z, A–Z, 0–9, space and / - ? : ( ) . , ' +
 */
const SEPA_TEXT = /^[a-zA-Z0-9/\-?:().,'+ ]*$/;

/** Whether every character of `text` belongs to the SEPA basic character set. */
export const isSepaText = (text: string): boolean => SEPA_TEXT.test(text);

export const SEPA_CHARSET_MESSAGE = 'Le motif contient des caractères non autorisés.';
