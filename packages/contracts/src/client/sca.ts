// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const scaRoutes = {
  getScaFactors: { method: 'GET', path: '/api/sca/factors' },
  patchScaFactorsById: { method: 'PATCH', path: '/api/sca/factors/:id' },
  deleteScaFactorsById: { method: 'DELETE', path: '/api/sca/factors/:id' },
  postScaTotpEnroll: { method: 'POST', path: '/api/sca/totp/enroll' },
  postScaTotpConfirm: { method: 'POST', path: '/api/sca/totp/confirm' },
  postScaPasskeysRegistrationOptions: { method: 'POST', path: '/api/sca/passkeys/registration-options' },
  postScaPasskeys: { method: 'POST', path: '/api/sca/passkeys' },
  postScaChallenges: { method: 'POST', path: '/api/sca/challenges' },
  postScaChallengesByIdVerify: { method: 'POST', path: '/api/sca/challenges/:id/verify' },
} as unknown as RouteRefs<typeof contract.scaRoutes>;
