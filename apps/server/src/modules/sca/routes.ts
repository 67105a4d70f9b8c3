// Error codes thrown here: unauthenticated.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { siteOrigin } from '../../http/site-origin.ts';
import { actingCustomer } from '../../http/customer-guard.ts';
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
import { registerRoute } from '../../http/register-route.ts';

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

/** Strong customer authentication: second factors, challenges and their verification (docs/product/profile-and-security.md#strong-authentication). */
export const scaRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
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
      if (!s) throw new AppError('unauthenticated');
      return s;
    };

    registerRoute(app, routes.getScaFactors, (request) => listFactors(ctx, actingCustomer(request)));

    registerRoute(app, routes.patchScaFactorsById, (request) =>
      renameFactor(ctx, actingCustomer(request), request.params.id, request.body),
    );

    registerRoute(app, routes.deleteScaFactorsById, async (request, reply) => {
      await removeFactor(ctx, actingCustomer(request), request.params.id, request.needed.scaToken);
      return reply.status(204).send();
    });

    registerRoute(app, routes.postScaTotpEnroll, { config: limit(LIMITS.enrol) }, (request) =>
      enrolTotp(ctx, actingCustomer(request), request.needed.scaToken),
    );

    registerRoute(app, routes.postScaTotpConfirm, { config: limit(LIMITS.verify) }, (request) =>
      confirmTotp(ctx, actingCustomer(request), request.body, request.needed.scaToken),
    );

    registerRoute(
      app,
      routes.postScaPasskeysRegistrationOptions,
      { config: limit(LIMITS.enrol) },
      (request) => passkeyRegistrationOptions(ctx, session(request), site(request), request.needed.scaToken),
    );

    registerRoute(app, routes.postScaPasskeys, { config: limit(LIMITS.enrol) }, (request) =>
      registerPasskey(ctx, session(request), request.body, site(request), request.needed.scaToken),
    );

    registerRoute(app, routes.postScaChallenges, { config: limit(LIMITS.challenge) }, (request) =>
      createChallenge(ctx, actingCustomer(request), request.body, site(request)),
    );

    registerRoute(app, routes.postScaChallengesByIdVerify, { config: limit(LIMITS.verify) }, (request) =>
      verifyChallenge(ctx, actingCustomer(request), request.params.id, request.body, site(request)),
    );
  };
