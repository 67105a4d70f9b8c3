/**
 * The WebAuthn verifier (@simplewebauthn/server and its ASN.1 and COSE libraries, about 5 MB
 * resident), loaded with the first passkey operation rather than when the server starts.
 */
export const webauthn = () => import('@simplewebauthn/server');
