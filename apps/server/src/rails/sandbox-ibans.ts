/**
 * The sandbox rail's other banks (README, « Sandbox test IBANs »): IBANs of a fictitious
 * German bank whose answers are known in advance, so every outcome of Verification of Payee and of
 * an instant transfer can be reached by hand and by the tests. Every other IBAN of another bank is
 * answered « Vérification impossible » by Verification of Payee and settled by the instant rail.
 */
export interface SandboxPayee {
  iban: string;
  /** The account holder the other bank knows (Verification of Payee compares names with it). */
  holderName: string;
  /** What the instant scheme answers: settle, reject with an ISO 20022 reason code, or stay silent. */
  instant:
    { outcome: 'settle' } | { outcome: 'reject'; reasonCode: 'AC04' | 'AC01' } | { outcome: 'timeout' };
}

export const SANDBOX_PAYEES: readonly SandboxPayee[] = [
  { iban: 'DE55370400440532014000', holderName: 'Erika Mustermann', instant: { outcome: 'settle' } },
  {
    iban: 'DE28370400440532014001',
    holderName: 'Jonas Becker',
    instant: { outcome: 'reject', reasonCode: 'AC04' },
  },
  {
    iban: 'DE98370400440532014002',
    holderName: 'Lena Schmidt',
    instant: { outcome: 'reject', reasonCode: 'AC01' },
  },
  { iban: 'DE71370400440532014003', holderName: 'Paul Weber', instant: { outcome: 'timeout' } },
];

export const sandboxPayee = (iban: string): SandboxPayee | undefined =>
  SANDBOX_PAYEES.find((p) => p.iban === iban);
