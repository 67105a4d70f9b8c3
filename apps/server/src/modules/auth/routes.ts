// Error codes thrown here: unauthenticated.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { clientIp } from '../../http/client-ip.ts';
import { COOKIE_OPTIONS, CUSTOMER_COOKIE } from '../../http/cookies.ts';
import { siteOrigin } from '../../http/site-origin.ts';
import { webAuthnSite } from '../sca/index.ts';
import { loginSecondFactor } from './second-factor-service.ts';
import { dummyHash } from '../../crypto/password.ts';
import { AppError } from '../../errors.ts';
import { closeCustomerSession } from './sessions.ts';
import { login } from './login-service.ts';
import { getMe, getSessionState } from './me-service.ts';
import { updateMe } from './update-me-service.ts';
import { confirmEmailChange } from './email-change-service.ts';
import { confirmPasswordReset, requestPasswordReset } from './password-reset-service.ts';
import { registerRoute } from '../../http/register-route.ts';

/** Per-IP limits (in-process, per instance); the per-account ones live in the services. */
const LIMITS = {
  login: { max: 30, timeWindow: '1 minute' },
  secondFactor: { max: 30, timeWindow: '1 minute' },
  passwordReset: { max: 5, timeWindow: '15 minutes' },
  passwordResetConfirm: { max: 10, timeWindow: '15 minutes' },
  updateMe: { max: 10, timeWindow: '1 minute' },
  emailChangeConfirm: { max: 10, timeWindow: '15 minutes' },
} as const;

/** Session, password and profile routes (docs/product/profile-and-security.md#profil), under `/api`. */
export const authRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const limit = (rule: (typeof LIMITS)[keyof typeof LIMITS]) => ({
      rateLimit: ctx.config.rateLimits ? { ...rule } : (false as const),
    });
    const site = (request: FastifyRequest) =>
      webAuthnSite(siteOrigin(ctx.config, request), ctx.config.institution.name);
    // Computed once now, so the first unknown-e-mail login is not slower than the others.
    void dummyHash();

    registerRoute(app, routes.postAuthLogin, { config: limit(LIMITS.login) }, async (request, reply) => {
      const { token, response } = await login(ctx, request.body, {
        ip: clientIp(request),
        userAgent: request.headers['user-agent'] ?? '',
        previousToken: request.cookies[CUSTOMER_COOKIE],
        site: site(request),
      });
      reply.setCookie(CUSTOMER_COOKIE, token, COOKIE_OPTIONS);
      return response;
    });

    registerRoute(
      app,
      routes.postAuthLoginSecondFactor,
      { config: limit(LIMITS.secondFactor) },
      async (request) => {
        const session = request.customerSession;
        if (!session) throw new AppError('unauthenticated');
        return loginSecondFactor(ctx, session, request.body, site(request));
      },
    );

    registerRoute(app, routes.postAuthLogout, async (request, reply) => {
      await closeCustomerSession(ctx, request.cookies[CUSTOMER_COOKIE]);
      reply.clearCookie(CUSTOMER_COOKIE, COOKIE_OPTIONS);
      return reply.status(204).send();
    });

    registerRoute(app, routes.getSession, async (request, reply) => {
      const { state, stale } = await getSessionState(ctx, request.cookies[CUSTOMER_COOKIE]);
      if (stale) reply.clearCookie(CUSTOMER_COOKIE, COOKIE_OPTIONS);
      return state;
    });

    registerRoute(app, routes.getMe, async (request) => {
      const session = request.customerSession;
      if (!session) throw new AppError('unauthenticated');
      return getMe(ctx, session);
    });

    registerRoute(app, routes.patchMe, { config: limit(LIMITS.updateMe) }, async (request) => {
      const session = request.customerSession;
      if (!session) throw new AppError('unauthenticated');
      return updateMe(ctx, session, request.body);
    });

    registerRoute(
      app,
      routes.postAuthEmailChangeConfirm,
      { config: limit(LIMITS.emailChangeConfirm) },
      async (request, reply) => {
        await confirmEmailChange(ctx, request.body.token);
        return reply.status(204).send();
      },
    );

    registerRoute(
      app,
      routes.postAuthPasswordReset,
      { config: limit(LIMITS.passwordReset) },
      async (request, reply) => {
        try {
          await requestPasswordReset(ctx, request.body.email);
        } catch (error) {
          // Even a failure must not tell whether the address has an account.
          request.log.error({ err: error }, 'password reset request failed');
        }
        return reply.status(202).send({});
      },
    );

    registerRoute(
      app,
      routes.postAuthPasswordResetConfirm,
      { config: limit(LIMITS.passwordResetConfirm) },
      async (request, reply) => {
        await confirmPasswordReset(ctx, request.body.token, request.body.password);
        return reply.status(204).send();
      },
    );
  };
