import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PasskeyCreationOptions,
  PasskeyRegistrationRequest,
  Problem,
  RenameScaFactorRequest,
  SCA_TOKEN_HEADER,
  ScaChallenge,
  ScaChallengeRequest,
  ScaFactor,
  ScaFactorList,
  ScaProof,
  ScaVerification,
  TotpConfirmRequest,
  TotpEnrolment,
} from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { unauthenticated } from '../../errors.ts';
import { siteOrigin } from '../../http/site-origin.ts';
import { actingCustomer, customerSession } from '../auth/guard.ts';
import { createChallenge } from './challenge-service.ts';
import { listFactors } from './factors-service.ts';
import { passkeyRegistrationOptions } from './passkey-options-service.ts';
import { registerPasskey } from './passkey-register-service.ts';
import { removeFactor } from './remove-factor-service.ts';
import { renameFactor } from './rename-factor-service.ts';
import { confirmTotp } from './totp-confirm-service.ts';
import { enrolTotp } from './totp-enrol-service.ts';
import { verifyChallenge } from './verify-challenge-service.ts';
import { webAuthnSite } from './webauthn-site.ts';
import { problems } from '../../http/openapi-problems.ts';

const NoContent = z.undefined().describe('No content');
const FactorParams = z.object({ id: z.string().max(64) });
const ScaHeader = z.object({ [SCA_TOKEN_HEADER]: z.string().max(100).optional() });

/**
 * Per-session limits (in-process), counted after the session is resolved: many customers can share
 * one address (a company's network, a carrier's NAT). The per-customer SCA lock (5 wrong codes)
 * lives in the database.
 */
const LIMITS = {
  enrol: { max: 20, timeWindow: '15 minutes' },
  verify: { max: 30, timeWindow: '1 minute' },
  challenge: { max: 60, timeWindow: '1 minute' },
} as const;

/** Strong customer authentication: second factors, challenges and their verification (SPEC §10). */
export const scaRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', customerSession(ctx));
    const limit = (rule: (typeof LIMITS)[keyof typeof LIMITS]) => ({
      rateLimit: ctx.config.rateLimits
        ? {
            ...rule,
            hook: 'preHandler' as const,
            keyGenerator: (request: FastifyRequest) => request.customerSession?.tokenHash ?? request.ip,
          }
        : (false as const),
    });
    const site = (request: FastifyRequest) =>
      webAuthnSite(siteOrigin(ctx.config, request), ctx.config.institution.name);
    const session = (request: FastifyRequest) => {
      const s = request.customerSession;
      if (!s) throw unauthenticated();
      return s;
    };

    app.get(
      '/sca/factors',
      {
        schema: {
          tags: ['sca'],
          summary: 'The customer’s second factors (TOTP apps and passkeys)',
          response: { 200: ScaFactorList, 401: Problem },
        },
      },
      (request) => listFactors(ctx, actingCustomer(request)),
    );

    app.patch(
      '/sca/factors/:id',
      {
        schema: {
          tags: ['sca'],
          summary: 'Rename a second factor',
          params: FactorParams,
          body: RenameScaFactorRequest,
          response: { 200: ScaFactor, 400: Problem, 401: Problem, 404: Problem },
        },
      },
      (request) => renameFactor(ctx, actingCustomer(request), request.params.id, request.body),
    );

    app.delete(
      '/sca/factors/:id',
      {
        schema: {
          tags: ['sca'],
          summary: 'Remove a second factor (SCA: action factor_removal, details {factorId})',
          params: FactorParams,
          headers: ScaHeader,
          response: { 204: NoContent, 401: Problem, 404: Problem },
        },
      },
      async (request, reply) => {
        await removeFactor(
          ctx,
          actingCustomer(request),
          request.params.id,
          request.headers[SCA_TOKEN_HEADER],
        );
        return reply.status(204).send();
      },
    );

    app.post(
      '/sca/totp/enroll',
      {
        config: limit(LIMITS.enrol),
        schema: {
          tags: ['sca'],
          summary:
            'Start adding an authenticator app: a new secret and its otpauth:// URI (SCA factor_enrolment when the customer has a factor)',
          headers: ScaHeader,
          response: { 200: TotpEnrolment, 401: Problem, 429: Problem },
        },
      },
      (request) => enrolTotp(ctx, actingCustomer(request), request.headers[SCA_TOKEN_HEADER]),
    );

    app.post(
      '/sca/totp/confirm',
      {
        config: limit(LIMITS.verify),
        schema: {
          tags: ['sca'],
          summary: 'Activate the pending authenticator app with a first code',
          body: TotpConfirmRequest,
          response: { 200: ScaFactor, 400: Problem, 401: Problem, 404: Problem, 429: Problem },
        },
      },
      (request) => confirmTotp(ctx, actingCustomer(request), request.body),
    );

    app.post(
      '/sca/passkeys/registration-options',
      {
        config: limit(LIMITS.enrol),
        schema: {
          tags: ['sca'],
          summary:
            'WebAuthn creation options for a new passkey (SCA factor_enrolment when the customer has a factor)',
          headers: ScaHeader,
          response: { 200: PasskeyCreationOptions, 401: Problem, 429: Problem },
        },
      },
      (request) =>
        passkeyRegistrationOptions(ctx, session(request), site(request), request.headers[SCA_TOKEN_HEADER]),
    );

    app.post(
      '/sca/passkeys',
      {
        config: limit(LIMITS.enrol),
        schema: {
          tags: ['sca'],
          summary: 'Register a passkey from its WebAuthn registration response',
          body: PasskeyRegistrationRequest,
          response: { 200: ScaFactor, 400: Problem, 401: Problem, 409: Problem, 429: Problem },
        },
      },
      (request) => registerPasskey(ctx, session(request), request.body, site(request)),
    );

    app.post(
      '/sca/challenges',
      {
        config: limit(LIMITS.challenge),
        schema: {
          tags: ['sca'],
          summary: 'A challenge bound to an action and its exact details, to verify with a code or a passkey',
          body: ScaChallengeRequest,
          response: {
            200: ScaChallenge,
            ...problems(400, 401, 403, 423, 429),
          },
        },
      },
      (request) => createChallenge(ctx, actingCustomer(request), request.body, site(request)),
    );

    app.post(
      '/sca/challenges/:id/verify',
      {
        config: limit(LIMITS.verify),
        schema: {
          tags: ['sca'],
          summary: 'Verify a challenge → a single-use X-SCA-Token, valid 5 minutes',
          params: z.object({ id: z.string().max(64) }),
          body: ScaProof,
          response: {
            200: ScaVerification,
            ...problems(400, 401, 404, 409, 423, 429),
          },
        },
      },
      (request) =>
        verifyChallenge(ctx, actingCustomer(request), request.params.id, request.body, site(request)),
    );
  };
