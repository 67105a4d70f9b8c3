import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuditChainCheck,
  AuditPage,
  AuditQuery,
  OperatorLoginRequest,
  OperatorLoginResponse,
  OperatorMe,
  OperatorSession,
  OperatorTotpRequest,
  Problem,
} from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { clientIp } from '../../http/client-ip.ts';
import { COOKIE_OPTIONS, OPERATOR_COOKIE } from '../../http/cookies.ts';
import { logout, passwordLogin, totpLogin } from './auth-service.ts';
import { listAuditLog } from './audit-service.ts';
import { verifyAuditLog } from './verify-audit-service.ts';
import { operatorAdminRoutes } from './admin-routes.ts';
import { actingOperator, operatorGuard } from './guard.ts';

/** Operator sign-in, session and audit log, mounted under /api/backoffice. */
export const operatorRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const loginRateLimit = ctx.config.rateLimits ? { max: 10, timeWindow: '1 minute' } : false;

    app.post(
      '/auth/login',
      {
        config: { rateLimit: loginRateLimit },
        schema: {
          tags: ['backoffice'],
          summary: 'Operator login, step 1: e-mail and password',
          body: OperatorLoginRequest,
          response: { 200: OperatorLoginResponse, 400: Problem, 401: Problem, 423: Problem, 429: Problem },
        },
      },
      async (request, reply) => {
        const { token } = await passwordLogin(ctx, request.body, {
          ip: clientIp(request),
          previousToken: request.cookies[OPERATOR_COOKIE],
        });
        reply.setCookie(OPERATOR_COOKIE, token, COOKIE_OPTIONS);
        return { secondFactor: 'totp' as const };
      },
    );

    app.post(
      '/auth/login/totp',
      {
        config: { rateLimit: loginRateLimit },
        schema: {
          tags: ['backoffice'],
          summary: 'Operator login, step 2: TOTP code',
          body: OperatorTotpRequest,
          response: { 200: OperatorSession, 400: Problem, 401: Problem, 423: Problem, 429: Problem },
        },
      },
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

    app.post(
      '/auth/logout',
      {
        schema: {
          tags: ['backoffice'],
          summary: 'Operator logout',
          response: { 204: z.null(), 403: Problem },
        },
      },
      async (request, reply) => {
        await logout(ctx, request.cookies[OPERATOR_COOKIE]);
        reply.clearCookie(OPERATOR_COOKIE, COOKIE_OPTIONS);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/auth/me',
      {
        preHandler: operatorGuard(ctx),
        schema: {
          tags: ['backoffice'],
          summary: 'The signed-in operator',
          response: { 200: OperatorMe, 401: Problem },
        },
      },
      (request) => {
        const { sessionTokenHash: _hash, sessionExpiresAt, ...operator } = actingOperator(request);
        return {
          ...operator,
          idleTimeoutSeconds: ctx.config.operatorIdleSeconds,
          sessionExpiresAt: sessionExpiresAt.toISOString(),
        };
      },
    );

    app.get(
      '/audit-log',
      {
        preHandler: operatorGuard(ctx, ['admin', 'compliance']),
        schema: {
          tags: ['backoffice'],
          summary: 'Audit log (admin, compliance), newest first',
          querystring: AuditQuery,
          response: { 200: AuditPage, 400: Problem, 401: Problem, 403: Problem },
        },
      },
      (request) => listAuditLog(ctx, request.query),
    );

    app.get(
      '/audit-log/verify',
      {
        preHandler: operatorGuard(ctx, ['admin', 'compliance']),
        schema: {
          tags: ['backoffice'],
          summary: 'Recompute the audit hash chain (admin, compliance); names the first broken row',
          response: { 200: AuditChainCheck, 401: Problem, 403: Problem },
        },
      },
      () => verifyAuditLog(ctx),
    );

    await app.register(operatorAdminRoutes(ctx));
  };
