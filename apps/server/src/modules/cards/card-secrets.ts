import { createHmac, hkdfSync } from 'node:crypto';
import { Sealer } from '../../crypto/seal.ts';

/**
 * The card's secrets at rest. PAN and CVV are sealed with AES-256-GCM under a purpose key of their
 * own (`card-data`, HKDF from the master key), the card id as associated data, so a sealed value
 * copied onto another card does not open. Look-ups never open them: the PAN is found by its keyed
 * fingerprint and the CVV checked against a keyed MAC (HMAC-SHA-256 under `card-fingerprint`), which
 * nobody without the master key can reverse, not even for a 3-digit CVV.
 */
export class CardSecrets {
  readonly #sealer: Sealer;
  readonly #macKey: Buffer;

  constructor(masterKey: Buffer) {
    this.#sealer = new Sealer(masterKey, 'card-data');
    this.#macKey = Buffer.from(
      hkdfSync('sha256', masterKey, Buffer.alloc(0), 'comptoir:card-fingerprint', 32),
    );
  }

  fingerprint(pan: string): string {
    return createHmac('sha256', this.#macKey).update(`pan:${pan}`).digest('base64url');
  }

  /** Bound to the PAN: the same CVV on two cards gives two MACs. */
  cvvMac(pan: string, cvv: string): string {
    return createHmac('sha256', this.#macKey).update(`cvv:${pan}:${cvv}`).digest('base64url');
  }

  seal(cardId: string, secret: { pan: string; cvv: string }): { panSealed: string; cvvSealed: string } {
    return {
      panSealed: this.#sealer.seal(secret.pan, `card:${cardId}:pan`),
      cvvSealed: this.#sealer.seal(secret.cvv, `card:${cardId}:cvv`),
    };
  }

  open(cardId: string, sealed: { panSealed: string; cvvSealed: string }): { pan: string; cvv: string } {
    return {
      pan: this.#sealer.open(sealed.panSealed, `card:${cardId}:pan`),
      cvv: this.#sealer.open(sealed.cvvSealed, `card:${cardId}:cvv`),
    };
  }
}

const byKey = new WeakMap<Buffer, CardSecrets>();

/** One CardSecrets per master key (the HKDF derivations run once). */
export function cardSecrets(masterKey: Buffer): CardSecrets {
  let secrets = byKey.get(masterKey);
  if (!secrets) {
    secrets = new CardSecrets(masterKey);
    byKey.set(masterKey, secrets);
  }
  return secrets;
}
