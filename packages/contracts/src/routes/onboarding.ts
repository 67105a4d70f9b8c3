import { Accepted } from '../auth.ts';
import {
  OnboardingCorrections,
  OnboardingDocument,
  OnboardingStartRequest,
  OnboardingState,
  OnboardingStatusResponse,
  OnboardingSubmitRequest,
  OnboardingSubmitResponse,
  OnboardingUpdateRequest,
  VerifyEmailRequest,
  VerifyEmailResponse,
} from '../onboarding.ts';
import { Problem } from '../problem.ts';
import { defineRoute, problems } from './define-route.ts';

/** The routes of onboarding/routes.ts. */
export const onboardingRoutes = {
  postOnboarding: defineRoute({
    method: 'POST',
    path: '/api/onboarding',
    auth: 'public',
    tags: ['onboarding'],
    summary: 'Step 1: create the application (sets the __Host-comptoir-app cookie) or update its step 1',
    body: OnboardingStartRequest,
    response: { 201: OnboardingState, 400: Problem, 429: Problem },
  }),
  getOnboarding: defineRoute({
    method: 'GET',
    path: '/api/onboarding',
    auth: 'application',
    tags: ['onboarding'],
    summary: 'The application of the cookie, to resume the journey; null when there is none yet',
    response: { 200: OnboardingState.nullable() },
  }),
  patchOnboarding: defineRoute({
    method: 'PATCH',
    path: '/api/onboarding',
    auth: 'application',
    tags: ['onboarding'],
    summary: 'Steps 3 and 5: e-mail, document country and type',
    body: OnboardingUpdateRequest,
    response: { 200: OnboardingState, 400: Problem, 404: Problem, 429: Problem },
  }),
  postOnboardingDocuments: defineRoute({
    method: 'POST',
    path: '/api/onboarding/documents',
    auth: 'application',
    tags: ['onboarding'],
    summary:
      'Upload one identity document: multipart/form-data, field `kind` then `file` (JPEG, PNG, HEIC or PDF, ≤ 10 MB)',
    consumes: ['multipart/form-data'],
    response: {
      201: OnboardingDocument,
      ...problems(400, 401, 403, 404, 409, 413, 415, 429, 503),
    },
  }),
  postOnboardingSubmit: defineRoute({
    method: 'POST',
    path: '/api/onboarding/submit',
    auth: 'application',
    tags: ['onboarding'],
    summary:
      'Step 6: create the customer (pending_email) and mail the verification link — no session, same answer for a registered e-mail',
    body: OnboardingSubmitRequest,
    response: {
      201: OnboardingSubmitResponse,
      ...problems(400, 404, 409, 422, 429),
    },
  }),
  getOnboardingCorrections: defineRoute({
    method: 'GET',
    path: '/api/onboarding/corrections',
    auth: 'customer-any-status',
    tags: ['onboarding'],
    summary: 'The corrections an operator asked for (status corrections_requested)',
    response: { 200: OnboardingCorrections, 401: Problem, 404: Problem },
  }),
  postOnboardingCorrectionsSubmit: defineRoute({
    method: 'POST',
    path: '/api/onboarding/corrections/submit',
    auth: 'customer-any-status',
    tags: ['onboarding'],
    summary: 'Send the corrected application back for review',
    response: { 200: OnboardingStatusResponse, 401: Problem, 404: Problem, 409: Problem, 429: Problem },
  }),
  postAuthVerifyEmail: defineRoute({
    method: 'POST',
    path: '/api/auth/verify-email',
    auth: 'application',
    tags: ['auth'],
    summary:
      'Confirm the e-mail address with the token of the verification link; opens the first session in the browser that submitted the application',
    body: VerifyEmailRequest,
    response: { 200: VerifyEmailResponse, 400: Problem, 429: Problem },
  }),
  postAuthVerifyEmailResend: defineRoute({
    method: 'POST',
    path: '/api/auth/verify-email/resend',
    auth: 'application',
    tags: ['auth'],
    summary:
      'Send the mail of the submitted application again (application cookie; rate-limited; same answer for a registered e-mail)',
    response: { 202: Accepted, 404: Problem, 429: Problem },
  }),
} as const;
