// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const onboardingRoutes = {
  postOnboarding: { method: 'POST', path: '/api/onboarding' },
  getOnboarding: { method: 'GET', path: '/api/onboarding' },
  patchOnboarding: { method: 'PATCH', path: '/api/onboarding' },
  postOnboardingDocuments: { method: 'POST', path: '/api/onboarding/documents' },
  postOnboardingSubmit: { method: 'POST', path: '/api/onboarding/submit' },
  getOnboardingCorrections: { method: 'GET', path: '/api/onboarding/corrections' },
  postOnboardingCorrectionsSubmit: { method: 'POST', path: '/api/onboarding/corrections/submit' },
  postAuthVerifyEmail: { method: 'POST', path: '/api/auth/verify-email' },
  postAuthVerifyEmailResend: { method: 'POST', path: '/api/auth/verify-email/resend' },
} as unknown as RouteRefs<typeof contract.onboardingRoutes>;
