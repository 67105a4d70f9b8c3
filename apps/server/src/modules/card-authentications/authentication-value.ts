import { newToken, Sealer, tokenHash } from '../../crypto/seal.ts';

/**
 * How long an authentication value is good for after the authentication was decided (approved by
 * the customer, or exempted at once): the merchant sends its authorisation within these 30 minutes,
 * else it asks again. Documented in docs/cards.md#3-d-secure.
 */
export const AUTHENTICATION_VALUE_VALIDITY_MINUTES = 30;

/**
 * The authentication value a merchant sends with its authorisation: 256 random bits (base64url, 43
 * characters). The database holds its keyed hash (`tokenHash`, what an authorisation looks up) and, for
 * an approved challenge, the value sealed under the purpose key `card-authentication-value` (the
 * authentication id as associated data) until the merchant reads it once.
 */
export class AuthenticationValues {
  readonly #sealer: Sealer;

  constructor(masterKey: Buffer) {
    this.#sealer = new Sealer(masterKey, 'card-authentication-value');
  }

  /** A new value for an approved challenge: its hash, and the value sealed until the merchant reads it. */
  issue(authenticationId: string): { hash: string; sealed: string } {
    const { value, hash } = newAuthenticationValue();
    return { hash, sealed: this.seal(authenticationId, value) };
  }

  seal(authenticationId: string, value: string): string {
    return this.#sealer.seal(value, `card-authentication:${authenticationId}`);
  }

  open(authenticationId: string, sealed: string): string {
    return this.#sealer.open(sealed, `card-authentication:${authenticationId}`);
  }
}

/** A new value and its keyed hash (a frictionless answer hands the value over at once, never stored). */
export function newAuthenticationValue(): { value: string; hash: string } {
  const value = newToken();
  return { value, hash: tokenHash(value) };
}

const byKey = new WeakMap<Buffer, AuthenticationValues>();

/** One AuthenticationValues per master key (the HKDF derivation runs once). */
export function authenticationValues(masterKey: Buffer): AuthenticationValues {
  let values = byKey.get(masterKey);
  if (!values) {
    values = new AuthenticationValues(masterKey);
    byKey.set(masterKey, values);
  }
  return values;
}

/** When a value issued at `decidedAt` stops being good. */
export const valueExpiry = (decidedAt: Date): Date =>
  new Date(decidedAt.getTime() + AUTHENTICATION_VALUE_VALIDITY_MINUTES * 60_000);
