import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { clientIp } from '../../http/client-ip.ts';
import { COOKIE_OPTIONS, OPERATOR_COOKIE } from '../../http/cookies.ts';
import { logout, passwordLogin, totpLogin } from './auth-service.ts';
import { completeEnrolment } from './complete-enrolment-service.ts';
import { openEnrolment } from './open-enrolment-service.ts';
import { listAuditLog } from './audit-service.ts';
import { verifyAuditLog } from './verify-audit-service.ts';
import { operatorAdminRoutes } from './admin-routes.ts';
import { actingOperator } from '../../http/operator-guard.ts';
import { registerRoute } from '../../http/register-route.ts';

/** Operator sign-in, enrolment, session and audit log, mounted under /api/backoffice. */
export const operatorRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const loginRateLimit = ctx.config.rateLimits ? { max: 10, timeWindow: '1 minute' } : false;

    registerRoute(
      app,
      routes.postBackofficeAuthLogin,
      { config: { rateLimit: loginRateLimit } },
      async (request, reply) => {
        const { token } = await passwordLogin(ctx, request.body, {
          ip: clientIp(request),
          previousToken: request.cookies[OPERATOR_COOKIE],
        });
        reply.setCookie(OPERATOR_COOKIE, token, COOKIE_OPTIONS);
        return { secondFactor: 'totp' as const };
      },
    );

    registerRoute(
      app,
      routes.postBackofficeAuthLoginTotp,
      { config: { rateLimit: loginRateLimit } },
      async (request, reply) => {
        const { token, operator } = await totpLogin(
          ctx,
          request.cookies[OPERATOR_COOKIE],
          request.body.code,
          {
            ip: clientIp(request),
          },
        );
        reply.setCookie(OPERATOR_COOKIE, token, COOKIE_OPTIONS);
        return { operator, idleTimeoutSeconds: ctx.config.operatorIdleSeconds };
      },
    );

    // The enrolment page: whoever holds a link mailed to an operator (no session).
    registerRoute(
      app,
      routes.postBackofficeEnrolmentOpen,
      { config: { rateLimit: loginRateLimit } },
      async (request, reply) => {
        const offer = await openEnrolment(ctx, request.body, { ip: clientIp(request) });
        reply.header('cache-control', 'no-store');
        return offer;
      },
    );

    registerRoute(
      app,
      routes.postBackofficeEnrolmentComplete,
      { config: { rateLimit: loginRateLimit } },
      (request) => completeEnrolment(ctx, request.body, { ip: clientIp(request) }),
    );

    registerRoute(app, routes.postBackofficeAuthLogout, async (request, reply) => {
      await logout(ctx, request.cookies[OPERATOR_COOKIE]);
      reply.clearCookie(OPERATOR_COOKIE, COOKIE_OPTIONS);
      return reply.status(204).send(null);
    });

    registerRoute(app, routes.getBackofficeAuthMe, (request) => {
      const { sessionTokenHash: _hash, sessionExpiresAt, ...operator } = actingOperator(request);
      return {
        ...operator,
        idleTimeoutSeconds: ctx.config.operatorIdleSeconds,
        sessionExpiresAt: sessionExpiresAt.toISOString(),
      };
    });

    registerRoute(app, routes.getBackofficeAuditLog, (request) => listAuditLog(ctx, request.query));

    registerRoute(app, routes.getBackofficeAuditLogVerify, () => verifyAuditLog(ctx));

    await app.register(operatorAdminRoutes(ctx));
  };
