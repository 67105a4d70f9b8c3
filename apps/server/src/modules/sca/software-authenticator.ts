import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey authenticator in software for the server tests (never imported by production code):
 * ES256 keys from node:crypto, attestation « none », user presence and verification set, a signature
 * counter that grows with each use. It signs whatever challenge and origin it is given, so tests can
 * show the server refuses the wrong ones.
 */
export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  readonly #keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  #counter = 0;

  constructor(
    readonly origin = 'http://localhost',
    readonly rpId = 'localhost',
  ) {}

  get id(): string {
    return this.credentialId.toString('base64url');
  }

  /** `navigator.credentials.create` for these creation options. */
  register(options: { challenge: string }) {
    const clientData = this.#clientData('webauthn.create', options.challenge);
    const authData = Buffer.concat([this.#authDataHead(0x45), this.#attestedCredential()]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: clientData.toString('base64url'),
        attestationObject: Buffer.from(attestationObject).toString('base64url'),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** `navigator.credentials.get` for this challenge (base64url), optionally from another origin. */
  assert(challenge: string, options: { origin?: string; userVerified?: boolean } = {}) {
    this.#counter += 1;
    const clientData = this.#clientData('webauthn.get', challenge, options.origin);
    const authData = this.#authDataHead(options.userVerified === false ? 0x01 : 0x05);
    const signed = Buffer.concat([authData, createHash('sha256').update(clientData).digest()]);
    const signature = sign('sha256', signed, this.#keys.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: clientData.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
      },
      clientExtensionResults: {},
    };
  }

  #clientData(type: string, challenge: string, origin = this.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** RP id hash, flags (UP 0x01, UV 0x04, AT 0x40), counter. */
  #authDataHead(flags: number): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.#counter);
    return Buffer.concat([createHash('sha256').update(this.rpId).digest(), Buffer.from([flags]), counter]);
  }

  #attestedCredential(): Buffer {
    const jwk = this.#keys.publicKey.export({ format: 'jwk' });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y ?? '', 'base64url'))],
      ]),
    );
    const length = Buffer.alloc(2);
    length.writeUInt16BE(this.credentialId.length);
    return Buffer.concat([Buffer.alloc(16), length, this.credentialId, Buffer.from(cose)]);
  }
}
