import { z } from 'zod';
import { SCA_TOKEN_HEADER } from '../http.ts';
import { Problem } from '../problem.ts';
import {
  PasskeyCreationOptions,
  PasskeyRegistrationRequest,
  RenameScaFactorRequest,
  ScaChallenge,
  ScaChallengeRequest,
  ScaFactor,
  ScaFactorList,
  ScaProof,
  ScaVerification,
  TotpConfirmRequest,
  TotpEnrolment,
} from '../sca.ts';
import { defineRoute, problems, NoContent } from './define-route.ts';

const FactorParams = z.object({ id: z.string().max(64) });

const ScaHeader = z.object({ [SCA_TOKEN_HEADER]: z.string().max(100).optional() });

/** The routes of sca/routes.ts. */
export const scaRoutes = {
  getScaFactors: defineRoute({
    method: 'GET',
    path: '/api/sca/factors',
    auth: 'customer-any-status',
    tags: ['sca'],
    summary: 'The customer’s second factors (TOTP apps and passkeys)',
    response: { 200: ScaFactorList, 401: Problem },
  }),
  patchScaFactorsById: defineRoute({
    method: 'PATCH',
    path: '/api/sca/factors/:id',
    auth: 'customer-any-status',
    tags: ['sca'],
    summary: 'Rename a second factor',
    params: FactorParams,
    body: RenameScaFactorRequest,
    response: { 200: ScaFactor, 400: Problem, 401: Problem, 404: Problem },
  }),
  deleteScaFactorsById: defineRoute({
    method: 'DELETE',
    path: '/api/sca/factors/:id',
    auth: 'customer-any-status',
    headersNeeded: ['X-SCA-Token'],
    tags: ['sca'],
    summary: 'Remove a second factor (SCA: action factor_removal, details {factorId})',
    params: FactorParams,
    headers: ScaHeader,
    response: { 204: NoContent, 401: Problem, 404: Problem },
  }),
  postScaTotpEnroll: defineRoute({
    method: 'POST',
    path: '/api/sca/totp/enroll',
    auth: 'customer-any-status',
    headersNeeded: ['X-SCA-Token'],
    tags: ['sca'],
    summary:
      'Start adding an authenticator app: a new secret and its otpauth:// URI (SCA factor_enrolment when the customer has a factor)',
    headers: ScaHeader,
    response: { 200: TotpEnrolment, 401: Problem, 429: Problem },
  }),
  postScaTotpConfirm: defineRoute({
    method: 'POST',
    path: '/api/sca/totp/confirm',
    auth: 'customer-any-status',
    headersNeeded: ['X-SCA-Token'],
    tags: ['sca'],
    summary:
      'Activate the pending authenticator app with a first code (SCA factor_enrolment when a factor exists and none approved the enrolment)',
    headers: ScaHeader,
    body: TotpConfirmRequest,
    response: { 200: ScaFactor, 400: Problem, 401: Problem, 404: Problem, 429: Problem },
  }),
  postScaPasskeysRegistrationOptions: defineRoute({
    method: 'POST',
    path: '/api/sca/passkeys/registration-options',
    auth: 'customer-any-status',
    headersNeeded: ['X-SCA-Token'],
    tags: ['sca'],
    summary:
      'WebAuthn creation options for a new passkey (SCA factor_enrolment when the customer has a factor)',
    headers: ScaHeader,
    response: { 200: PasskeyCreationOptions, 401: Problem, 429: Problem },
  }),
  postScaPasskeys: defineRoute({
    method: 'POST',
    path: '/api/sca/passkeys',
    auth: 'customer-any-status',
    headersNeeded: ['X-SCA-Token'],
    tags: ['sca'],
    summary:
      'Register a passkey from its WebAuthn registration response (SCA factor_enrolment when a factor exists and none approved the registration)',
    headers: ScaHeader,
    body: PasskeyRegistrationRequest,
    response: { 200: ScaFactor, 400: Problem, 401: Problem, 409: Problem, 429: Problem },
  }),
  postScaChallenges: defineRoute({
    method: 'POST',
    path: '/api/sca/challenges',
    auth: 'customer-any-status',
    tags: ['sca'],
    summary: 'A challenge bound to an action and its exact details, to verify with a code or a passkey',
    body: ScaChallengeRequest,
    response: {
      200: ScaChallenge,
      ...problems(400, 401, 403, 423, 429),
    },
  }),
  postScaChallengesByIdVerify: defineRoute({
    method: 'POST',
    path: '/api/sca/challenges/:id/verify',
    auth: 'customer-any-status',
    tags: ['sca'],
    summary: 'Verify a challenge → a single-use X-SCA-Token, valid 5 minutes',
    params: z.object({ id: z.string().max(64) }),
    body: ScaProof,
    response: {
      200: ScaVerification,
      ...problems(400, 401, 404, 409, 423, 429),
    },
  }),
} as const;
