import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Accepted,
  MAX_DOCUMENT_BYTES,
  OnboardingCorrections,
  OnboardingDocument,
  OnboardingStartRequest,
  OnboardingState,
  OnboardingStatusResponse,
  OnboardingSubmitRequest,
  OnboardingSubmitResponse,
  OnboardingUpdateRequest,
  Problem,
  VerifyEmailRequest,
  VerifyEmailResponse,
} from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { clientIp } from '../../http/client-ip.ts';
import { APPLICATION_COOKIE, COOKIE_OPTIONS, CUSTOMER_COOKIE } from '../../http/cookies.ts';
import { customerSession } from '../auth/guard.ts';
import { unauthenticated } from '../../errors.ts';
import { getApplication, startApplication, updateApplication } from './application-service.ts';
import { uploadDocument } from './upload-service.ts';
import { readUpload } from './upload-request.ts';
import { submitApplication } from './submit-service.ts';
import { verifyEmail } from './verify-email-service.ts';
import { resendVerification } from './resend-verification-service.ts';
import { getCorrections, submitCorrections } from './corrections-service.ts';
import { problems } from '../../http/openapi-problems.ts';

/** Per-IP limits (per instance); per-application and per-account limits live in the services. */
const LIMITS = {
  start: { max: 20, timeWindow: '15 minutes' },
  update: { max: 60, timeWindow: '15 minutes' },
  upload: { max: 30, timeWindow: '10 minutes' },
  submit: { max: 10, timeWindow: '15 minutes' },
  verify: { max: 20, timeWindow: '15 minutes' },
  resend: { max: 5, timeWindow: '15 minutes' },
  corrections: { max: 20, timeWindow: '15 minutes' },
} as const;

/** Onboarding (SPEC §4, §10): `/api/onboarding…` and `/api/auth/verify-email…`. */
export const onboardingRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const limit = (rule: (typeof LIMITS)[keyof typeof LIMITS]) => ({
      rateLimit: ctx.config.rateLimits ? { ...rule } : (false as const),
    });
    const signedIn = customerSession(ctx);
    // Only for this plugin's routes; the stream is cut at 10 MB, whatever the client claims.
    await app.register(multipart, {
      limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 4, parts: 5 },
    });

    app.post(
      '/onboarding',
      {
        config: limit(LIMITS.start),
        schema: {
          tags: ['onboarding'],
          summary:
            'Step 1: create the application (sets the __Host-comptoir-app cookie) or update its step 1',
          body: OnboardingStartRequest,
          response: { 201: OnboardingState, 400: Problem, 429: Problem },
        },
      },
      async (request, reply) => {
        const { token, state } = await startApplication(
          ctx,
          request.cookies[APPLICATION_COOKIE],
          request.body,
        );
        if (token) reply.setCookie(APPLICATION_COOKIE, token, COOKIE_OPTIONS);
        return reply.status(201).send(state);
      },
    );

    app.get(
      '/onboarding',
      {
        schema: {
          tags: ['onboarding'],
          summary: 'The application of the cookie, to resume the journey',
          response: { 200: OnboardingState, 404: Problem },
        },
      },
      (request) => getApplication(ctx, request.cookies[APPLICATION_COOKIE]),
    );

    app.patch(
      '/onboarding',
      {
        config: limit(LIMITS.update),
        schema: {
          tags: ['onboarding'],
          summary: 'Steps 3 and 5: e-mail, document country and type',
          body: OnboardingUpdateRequest,
          response: { 200: OnboardingState, 400: Problem, 404: Problem, 429: Problem },
        },
      },
      (request) => updateApplication(ctx, request.cookies[APPLICATION_COOKIE], request.body),
    );

    app.post(
      '/onboarding/documents',
      {
        config: limit(LIMITS.upload),
        schema: {
          tags: ['onboarding'],
          summary:
            'Upload one identity document: multipart/form-data, field `kind` then `file` (JPEG, PNG, HEIC or PDF, ≤ 10 MB)',
          consumes: ['multipart/form-data'],
          response: {
            201: OnboardingDocument,
            ...problems(400, 401, 403, 404, 409, 413, 415, 429, 503),
          },
        },
      },
      async (request, reply) => {
        const { kind, bytes } = await readUpload(request);
        const document = await uploadDocument(
          ctx,
          {
            applicationToken: request.cookies[APPLICATION_COOKIE],
            customerToken: request.cookies[CUSTOMER_COOKIE],
          },
          kind,
          bytes,
        );
        return reply.status(201).send(document);
      },
    );

    app.post(
      '/onboarding/submit',
      {
        config: limit(LIMITS.submit),
        schema: {
          tags: ['onboarding'],
          summary:
            'Step 6: create the customer (pending_email) and mail the verification link — no session, same answer for a registered e-mail',
          body: OnboardingSubmitRequest,
          response: {
            201: OnboardingSubmitResponse,
            ...problems(400, 404, 409, 422, 429),
          },
        },
      },
      async (request, reply) => {
        const response = await submitApplication(ctx, request.cookies[APPLICATION_COOKIE], request.body);
        return reply.status(201).send(response);
      },
    );

    app.get(
      '/onboarding/corrections',
      {
        preHandler: signedIn,
        schema: {
          tags: ['onboarding'],
          summary: 'The corrections an operator asked for (status corrections_requested)',
          response: { 200: OnboardingCorrections, 401: Problem, 404: Problem },
        },
      },
      async (request) => {
        const session = request.customerSession;
        if (!session) throw unauthenticated();
        return getCorrections(ctx, session.customerId, session.status);
      },
    );

    app.post(
      '/onboarding/corrections/submit',
      {
        preHandler: signedIn,
        config: limit(LIMITS.corrections),
        schema: {
          tags: ['onboarding'],
          summary: 'Send the corrected application back for review',
          response: { 200: OnboardingStatusResponse, 401: Problem, 404: Problem, 409: Problem, 429: Problem },
        },
      },
      async (request) => {
        const session = request.customerSession;
        if (!session) throw unauthenticated();
        return submitCorrections(ctx, session.customerId);
      },
    );

    app.post(
      '/auth/verify-email',
      {
        config: limit(LIMITS.verify),
        schema: {
          tags: ['auth'],
          summary:
            'Confirm the e-mail address with the token of the verification link; opens the first session in the browser that submitted the application',
          body: VerifyEmailRequest,
          response: { 200: VerifyEmailResponse, 400: Problem, 429: Problem },
        },
      },
      async (request, reply) => {
        const { status, sessionToken } = await verifyEmail(
          ctx,
          request.body.token,
          request.cookies[APPLICATION_COOKIE],
          { ip: clientIp(request), userAgent: request.headers['user-agent'] ?? '' },
        );
        if (sessionToken) {
          reply.clearCookie(APPLICATION_COOKIE, COOKIE_OPTIONS);
          reply.setCookie(CUSTOMER_COOKIE, sessionToken, COOKIE_OPTIONS);
        }
        return { status, signedIn: sessionToken !== null };
      },
    );

    app.post(
      '/auth/verify-email/resend',
      {
        config: limit(LIMITS.resend),
        schema: {
          tags: ['auth'],
          summary:
            'Send the mail of the submitted application again (application cookie; rate-limited; same answer for a registered e-mail)',
          response: { 202: Accepted, 404: Problem, 429: Problem },
        },
      },
      async (request, reply) => {
        await resendVerification(ctx, request.cookies[APPLICATION_COOKIE]);
        return reply.status(202).send({});
      },
    );
  };
