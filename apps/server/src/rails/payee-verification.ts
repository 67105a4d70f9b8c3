import { matchPayeeName } from '@comptoir/core';
import type { PayeeVerification } from '@comptoir/contracts';
import { sandboxPayee } from './sandbox-ibans.ts';

/**
 * Verification of Payee with other banks (the SEPA VoP scheme): asks the payee's bank whether the
 * name the customer typed is its account holder's. The answer is the scheme's four results; a
 * holder's name comes back only with `close_match`, never with `no_match`.
 */
export interface PayeeVerificationRail {
  verifyPayee(iban: string, name: string): Promise<Omit<PayeeVerification, 'reportedForFraud'>>;
}

/**
 * The sandbox's other bank: its test IBANs (README, « Sandbox test IBANs ») answer by
 * comparing the typed name with their known holder; any other IBAN cannot be verified.
 */
export const sandboxPayeeVerification: PayeeVerificationRail = {
  verifyPayee(iban, name) {
    const payee = sandboxPayee(iban);
    if (!payee) return Promise.resolve({ result: 'not_possible' });
    const result = matchPayeeName(name, payee.holderName);
    return Promise.resolve(result === 'close_match' ? { result, holderName: payee.holderName } : { result });
  },
};

/** Production without a configured VoP provider: every other bank's answer is « Vérification impossible ». */
export const unavailablePayeeVerification: PayeeVerificationRail = {
  verifyPayee: () => Promise.resolve({ result: 'not_possible' }),
};

/** The rail for this configuration. */
export const payeeVerificationRail = (config: { sandbox: boolean }): PayeeVerificationRail =>
  config.sandbox ? sandboxPayeeVerification : unavailablePayeeVerification;
