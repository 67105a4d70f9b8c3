// The public face of modules/sca: what other modules and the application's wiring may use.
export { attemptStrongAuth } from './attempt.ts';
export { countSecondFactors, findActiveFactors } from './customer-factors-service.ts';
export { canonicalDetails, detailsHash } from './details.ts';
export { isLocked } from './lock.ts';
export { keepLoginChallenge, readLoginChallenge } from './login-challenge-service.ts';
export { methodsOf, passkeyRequestOptions, WEBAUTHN_CHALLENGE_SECONDS } from './passkey-challenge.ts';
export { checkProof } from './proof.ts';
export { consumeScaToken } from './require-sca.ts';
export { webAuthnSite, type WebAuthnSite } from './webauthn-site.ts';
export { openTotpSecret, sealTotpSecret } from './totp-secret.ts';
