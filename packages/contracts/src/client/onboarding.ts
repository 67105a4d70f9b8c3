// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const onboardingRoutes = {
  postOnboarding: { method: 'POST', path: '/api/onboarding', auth: 'public' },
  getOnboarding: { method: 'GET', path: '/api/onboarding', auth: 'application' },
  patchOnboarding: { method: 'PATCH', path: '/api/onboarding', auth: 'application' },
  postOnboardingDocuments: { method: 'POST', path: '/api/onboarding/documents', auth: 'application' },
  postOnboardingSubmit: { method: 'POST', path: '/api/onboarding/submit', auth: 'application' },
  getOnboardingCorrections: { method: 'GET', path: '/api/onboarding/corrections', auth: 'customer-any-status' },
  postOnboardingCorrectionsSubmit: { method: 'POST', path: '/api/onboarding/corrections/submit', auth: 'customer-any-status' },
  postAuthVerifyEmail: { method: 'POST', path: '/api/auth/verify-email', auth: 'application' },
  postAuthVerifyEmailResend: { method: 'POST', path: '/api/auth/verify-email/resend', auth: 'application' },
} as unknown as RouteRefs<typeof contract.onboardingRoutes>;
