/**
 * The WebAuthn verifier (@simplewebauthn/server and its ASN.1 and COSE libraries, about 5 MB
 * resident), loaded with the first passkey operation rather than when the server starts.
 */
export const webauthn = () => import('@simplewebauthn/server');

/**
 * Credential descriptors as the contracts declare them: the library types `type` as any string,
 * though every descriptor it makes is a public key's.
 */
export const publicKeyDescriptors = <D extends { id: string; transports?: string[] }>(
  descriptors: D[] | undefined,
): (D & { type: 'public-key' })[] | undefined =>
  descriptors?.map((d) => ({ ...d, type: 'public-key' as const }));
