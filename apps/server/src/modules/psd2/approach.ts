/**
 * How the customer is reached for an authorisation (docs/psd2.md#the-customers-side): redirected by
 * the TPP to the bank's page, or asked in the bank's app (decoupled) — the TPP names them by their
 * sign-in e-mail (`PSU-ID`).
 */
export type Approach =
  | { decoupled: false; redirectUri: string | null; nokRedirectUri: string | null }
  | { decoupled: true; psuId: string };
