import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Accepted,
  EmailChangeConfirm,
  LoginCompleted,
  LoginRequest,
  LoginResponse,
  Me,
  PasswordResetConfirm,
  PasswordResetRequest,
  Problem,
  ScaProof,
  UpdateMeResponse,
  UpdateProfileRequest,
} from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { clientIp } from '../../http/client-ip.ts';
import { COOKIE_OPTIONS, CUSTOMER_COOKIE } from '../../http/cookies.ts';
import { awaitingSecondFactor, customerSession } from './guard.ts';
import { siteOrigin } from '../../http/site-origin.ts';
import { webAuthnSite } from '../sca/webauthn-site.ts';
import { loginSecondFactor } from './second-factor-service.ts';
import { dummyHash } from '../../crypto/password.ts';
import { unauthenticated } from '../../errors.ts';
import { closeCustomerSession } from './sessions.ts';
import { login } from './login-service.ts';
import { getMe } from './me-service.ts';
import { updateMe } from './update-me-service.ts';
import { confirmEmailChange } from './email-change-service.ts';
import { confirmPasswordReset, requestPasswordReset } from './password-reset-service.ts';
import { problems } from '../../http/openapi-problems.ts';

const NoContent = z.undefined().describe('No content');

/** Per-IP limits (in-process, per instance); the per-account ones live in the services. */
const LIMITS = {
  login: { max: 30, timeWindow: '1 minute' },
  secondFactor: { max: 30, timeWindow: '1 minute' },
  passwordReset: { max: 5, timeWindow: '15 minutes' },
  passwordResetConfirm: { max: 10, timeWindow: '15 minutes' },
  updateMe: { max: 10, timeWindow: '1 minute' },
  emailChangeConfirm: { max: 10, timeWindow: '15 minutes' },
} as const;

/** Session, password and profile routes (SPEC §5, §6, §10), under `/api`. */
export const authRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const limit = (rule: (typeof LIMITS)[keyof typeof LIMITS]) => ({
      rateLimit: ctx.config.rateLimits ? { ...rule } : (false as const),
    });
    const signedIn = customerSession(ctx);
    const site = (request: FastifyRequest) =>
      webAuthnSite(siteOrigin(ctx.config, request), ctx.config.institution.name);
    // Computed once now, so the first unknown-e-mail login is not slower than the others.
    void dummyHash();

    app.post(
      '/auth/login',
      {
        config: limit(LIMITS.login),
        schema: {
          tags: ['auth'],
          summary: 'Sign in with e-mail and password; sets the __Host-comptoir session cookie',
          body: LoginRequest,
          response: {
            200: LoginResponse,
            ...problems(400, 401, 403, 423, 429),
          },
        },
      },
      async (request, reply) => {
        const { token, response } = await login(ctx, request.body, {
          ip: clientIp(request),
          userAgent: request.headers['user-agent'] ?? '',
          previousToken: request.cookies[CUSTOMER_COOKIE],
          site: site(request),
        });
        reply.setCookie(CUSTOMER_COOKIE, token, COOKIE_OPTIONS);
        return response;
      },
    );

    app.post(
      '/auth/login/second-factor',
      {
        preHandler: awaitingSecondFactor(ctx),
        config: limit(LIMITS.secondFactor),
        schema: {
          tags: ['auth'],
          summary: 'Second step of login: a TOTP code or a passkey assertion over the login’s challenge',
          body: ScaProof,
          response: {
            200: LoginCompleted,
            ...problems(400, 401, 409, 423, 429),
          },
        },
      },
      async (request) => {
        const session = request.customerSession;
        if (!session) throw unauthenticated();
        return loginSecondFactor(ctx, session, request.body, site(request));
      },
    );

    app.post(
      '/auth/logout',
      { schema: { tags: ['auth'], summary: 'Sign out (always succeeds)', response: { 204: NoContent } } },
      async (request, reply) => {
        await closeCustomerSession(ctx, request.cookies[CUSTOMER_COOKIE]);
        reply.clearCookie(CUSTOMER_COOKIE, COOKIE_OPTIONS);
        return reply.status(204).send();
      },
    );

    app.get(
      '/me',
      {
        preHandler: signedIn,
        schema: { tags: ['auth'], summary: 'The signed-in customer', response: { 200: Me, 401: Problem } },
      },
      async (request) => {
        const session = request.customerSession;
        if (!session) throw unauthenticated();
        return getMe(ctx, session);
      },
    );

    app.patch(
      '/me',
      {
        preHandler: signedIn,
        config: limit(LIMITS.updateMe),
        schema: {
          tags: ['auth'],
          summary:
            'Update names, phone, postal address, password, or request an e-mail change (current password required)',
          body: UpdateProfileRequest,
          response: {
            200: UpdateMeResponse,
            ...problems(400, 401, 403, 422, 423, 429),
          },
        },
      },
      async (request) => {
        const session = request.customerSession;
        if (!session) throw unauthenticated();
        return updateMe(ctx, session, request.body);
      },
    );

    app.post(
      '/auth/email-change/confirm',
      {
        config: limit(LIMITS.emailChangeConfirm),
        schema: {
          tags: ['auth'],
          summary: 'Apply a pending e-mail change with the link mailed to the new address',
          body: EmailChangeConfirm,
          response: { 204: NoContent, 400: Problem, 429: Problem },
        },
      },
      async (request, reply) => {
        await confirmEmailChange(ctx, request.body.token);
        return reply.status(204).send();
      },
    );

    app.post(
      '/auth/password-reset',
      {
        config: limit(LIMITS.passwordReset),
        schema: {
          tags: ['auth'],
          summary: 'Mail a password reset link — always 202, whether the account exists or not',
          body: PasswordResetRequest,
          response: { 202: Accepted, 400: Problem, 429: Problem },
        },
      },
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

    app.post(
      '/auth/password-reset/confirm',
      {
        config: limit(LIMITS.passwordResetConfirm),
        schema: {
          tags: ['auth'],
          summary: 'Set a new password with a reset link; signs out every session',
          body: PasswordResetConfirm,
          response: { 204: NoContent, 400: Problem, 422: Problem, 429: Problem },
        },
      },
      async (request, reply) => {
        await confirmPasswordReset(ctx, request.body.token, request.body.password);
        return reply.status(204).send();
      },
    );
  };
