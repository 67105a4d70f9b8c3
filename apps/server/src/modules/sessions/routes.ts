// Error codes thrown here: unauthenticated.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { listSessions } from './list-sessions-service.ts';
import { revokeOtherSessions } from './revoke-other-sessions-service.ts';
import { revokeSession } from './revoke-session-service.ts';
import { registerRoute } from '../../http/register-route.ts';

/** Per-IP limits (in-process, per instance), like the other profile routes. */
const LIMITS = {
  list: { max: 60, timeWindow: '1 minute' },
  revoke: { max: 10, timeWindow: '1 minute' },
} as const;

/** The customer's active sessions (docs/product/profile-and-security.md#profil), under `/api`. */
export const sessionRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const limit = (rule: (typeof LIMITS)[keyof typeof LIMITS]) => ({
      rateLimit: ctx.config.rateLimits ? { ...rule } : (false as const),
    });
    const acting = (request: FastifyRequest) => {
      if (!request.customerSession) throw new AppError('unauthenticated');
      return request.customerSession;
    };

    registerRoute(app, routes.getMeSessions, { config: limit(LIMITS.list) }, (request) =>
      listSessions(ctx, acting(request)),
    );

    registerRoute(
      app,
      routes.deleteMeSessionsById,
      { config: limit(LIMITS.revoke) },
      async (request, reply) => {
        await revokeSession(ctx, acting(request), request.params.id);
        return reply.status(204).send();
      },
    );

    registerRoute(app, routes.deleteMeSessions, { config: limit(LIMITS.revoke) }, (request) =>
      revokeOtherSessions(ctx, acting(request)),
    );
  };
