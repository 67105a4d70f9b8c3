// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const scaRoutes = {
  getScaFactors: { method: 'GET', path: '/api/sca/factors', auth: 'customer-any-status' },
  patchScaFactorsById: { method: 'PATCH', path: '/api/sca/factors/:id', auth: 'customer-any-status' },
  deleteScaFactorsById: { method: 'DELETE', path: '/api/sca/factors/:id', auth: 'customer-any-status' },
  postScaTotpEnroll: { method: 'POST', path: '/api/sca/totp/enroll', auth: 'customer-any-status' },
  postScaTotpConfirm: { method: 'POST', path: '/api/sca/totp/confirm', auth: 'customer-any-status' },
  postScaPasskeysRegistrationOptions: { method: 'POST', path: '/api/sca/passkeys/registration-options', auth: 'customer-any-status' },
  postScaPasskeys: { method: 'POST', path: '/api/sca/passkeys', auth: 'customer-any-status' },
  postScaChallenges: { method: 'POST', path: '/api/sca/challenges', auth: 'customer-any-status' },
  postScaChallengesByIdVerify: { method: 'POST', path: '/api/sca/challenges/:id/verify', auth: 'customer-any-status' },
} as unknown as RouteRefs<typeof contract.scaRoutes>;
