import { createHmac, hkdfSync } from 'node:crypto';
import { keyring } from '../../crypto/keyring.ts';
import { Sealer } from '../../crypto/seal.ts';
import type { Queryable } from '../../db/types.ts';
import { cardByFingerprint } from './authorization-queries.ts';

/** The keyed hashes of one master key generation: PAN fingerprint and CVV MAC. */
export class CardMacs {
  readonly #macKey: Buffer;
  constructor(masterKey: Buffer) {
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
}

/**
 * The card's secrets at rest. PAN and CVV are sealed with AES-256-GCM under a purpose key of their
 * own (`card-data`, HKDF from the master key), the card id as associated data, so a sealed value
 * copied onto another card does not open. Look-ups never open them: the PAN is found by its keyed
 * fingerprint and the CVV checked against a keyed MAC (HMAC-SHA-256 under `card-fingerprint`), which
 * nobody without the master key can reverse, not even for a 3-digit CVV.
 */
export class CardSecrets {
  readonly #sealer: Sealer;
  /** Under the current master key first, then each older key a rotation still accepts. */
  readonly generations: readonly CardMacs[];

  constructor(masterKey: Buffer) {
    this.#sealer = new Sealer(masterKey, 'card-data');
    this.generations = keyring(masterKey).map((key) => new CardMacs(key));
  }

  get #current(): CardMacs {
    return this.generations[0] as CardMacs;
  }

  fingerprint(pan: string): string {
    return this.#current.fingerprint(pan);
  }

  /** Bound to the PAN: the same CVV on two cards gives two MACs. */
  cvvMac(pan: string, cvv: string): string {
    return this.#current.cvvMac(pan, cvv);
  }

  /**
   * The keyed hashes a card with this PAN is stored under: the current key's, or during a
   * master-key rotation an older key's when the card was not moved yet (one look-up per older key).
   */
  async macsFor(q: Queryable, pan: string): Promise<CardMacs> {
    if (this.generations.length === 1) return this.#current;
    for (const macs of this.generations) if (await cardByFingerprint(q, macs.fingerprint(pan))) return macs;
    return this.#current;
  }

  /** Whether sealed card data is under the current master key (a rotation leaves it alone). */
  isCurrent(sealed: { panSealed: string; cvvSealed: string }): boolean {
    return this.#sealer.isCurrent(sealed.panSealed) && this.#sealer.isCurrent(sealed.cvvSealed);
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
