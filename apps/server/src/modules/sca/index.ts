// The public face of modules/sca: what other modules and the application's wiring may use.
export { attemptStrongAuth } from './attempt.ts';
export { canonicalDetails, detailsHash } from './details.ts';
export { activeFactors, countActiveFactors } from './factor-queries.ts';
export { frenchDateTime, isLocked } from './lock.ts';
export { methodsOf, passkeyRequestOptions } from './passkey-challenge.ts';
export { WEBAUTHN_CHALLENGE_SECONDS } from './passkey-options-service.ts';
export { checkProof } from './proof.ts';
export { consumeScaToken } from './require-sca.ts';
export { scaRoutes } from './routes.ts';
export { sessionChallenge, setSessionChallenge } from './session-challenge-queries.ts';
export { webAuthnSite, type WebAuthnSite } from './webauthn-site.ts';
export { openTotpSecret, sealTotpSecret } from './totp-secret.ts';
