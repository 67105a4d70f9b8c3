// Error codes thrown here: unauthenticated.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_DOCUMENT_BYTES, routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { clientIp } from '../../http/client-ip.ts';
import { APPLICATION_COOKIE, COOKIE_OPTIONS, CUSTOMER_COOKIE } from '../../http/cookies.ts';
import { AppError } from '../../errors.ts';
import { getApplication, startApplication, updateApplication } from './application-service.ts';
import { uploadDocument } from './upload-service.ts';
import { readUpload } from './upload-request.ts';
import { submitApplication } from './submit-service.ts';
import { verifyEmail } from './verify-email-service.ts';
import { resendVerification } from './resend-verification-service.ts';
import { getCorrections, submitCorrections } from './corrections-service.ts';
import { registerRoute } from '../../http/register-route.ts';

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

/** Onboarding (docs/product/onboarding.md): `/api/onboarding…` and `/api/auth/verify-email…`. */
export const onboardingRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const limit = (rule: (typeof LIMITS)[keyof typeof LIMITS]) => ({
      rateLimit: ctx.config.rateLimits ? { ...rule } : (false as const),
    });
    // Only for this plugin's routes; the stream is cut at 10 MB, whatever the client claims.
    await app.register(multipart, {
      limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 4, parts: 5 },
    });

    registerRoute(app, routes.postOnboarding, { config: limit(LIMITS.start) }, async (request, reply) => {
      const { token, state } = await startApplication(ctx, request.cookies[APPLICATION_COOKIE], request.body);
      if (token) reply.setCookie(APPLICATION_COOKIE, token, COOKIE_OPTIONS);
      return reply.status(201).send(state);
    });

    registerRoute(app, routes.getOnboarding, (request) =>
      getApplication(ctx, request.cookies[APPLICATION_COOKIE]),
    );

    registerRoute(app, routes.patchOnboarding, { config: limit(LIMITS.update) }, (request) =>
      updateApplication(ctx, request.cookies[APPLICATION_COOKIE], request.body),
    );

    registerRoute(
      app,
      routes.postOnboardingDocuments,
      { config: limit(LIMITS.upload) },
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

    registerRoute(
      app,
      routes.postOnboardingSubmit,
      { config: limit(LIMITS.submit) },
      async (request, reply) => {
        const response = await submitApplication(ctx, request.cookies[APPLICATION_COOKIE], request.body);
        return reply.status(201).send(response);
      },
    );

    registerRoute(app, routes.getOnboardingCorrections, async (request) => {
      const session = request.customerSession;
      if (!session) throw new AppError('unauthenticated');
      return getCorrections(ctx, session.customerId, session.status);
    });

    registerRoute(
      app,
      routes.postOnboardingCorrectionsSubmit,
      { config: limit(LIMITS.corrections) },
      async (request) => {
        const session = request.customerSession;
        if (!session) throw new AppError('unauthenticated');
        return submitCorrections(ctx, session.customerId);
      },
    );

    registerRoute(
      app,
      routes.postAuthVerifyEmail,
      { config: limit(LIMITS.verify) },
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

    registerRoute(
      app,
      routes.postAuthVerifyEmailResend,
      { config: limit(LIMITS.resend) },
      async (request, reply) => {
        await resendVerification(ctx, request.cookies[APPLICATION_COOKIE]);
        return reply.status(202).send({});
      },
    );
  };
