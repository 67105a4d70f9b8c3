import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CustomerSessionList, Problem, RevokedSessions } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { unauthenticated } from '../../errors.ts';
import { customerSession } from '../auth/guard.ts';
import { listSessions } from './list-sessions-service.ts';
import { revokeOtherSessions } from './revoke-other-sessions-service.ts';
import { revokeSession } from './revoke-session-service.ts';

const NoContent = z.undefined().describe('No content');
const SessionParams = z.object({ id: z.string().max(64) });

/** Per-IP limits (in-process, per instance), like the other profile routes. */
const LIMITS = {
  list: { max: 60, timeWindow: '1 minute' },
  revoke: { max: 10, timeWindow: '1 minute' },
} as const;

/** The customer's active sessions (SPEC §5 « Préférences et sécurité », §6), under `/api`. */
export const sessionRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const limit = (rule: (typeof LIMITS)[keyof typeof LIMITS]) => ({
      rateLimit: ctx.config.rateLimits ? { ...rule } : (false as const),
    });
    app.addHook('preHandler', customerSession(ctx));
    const acting = (request: FastifyRequest) => {
      if (!request.customerSession) throw unauthenticated();
      return request.customerSession;
    };

    app.get(
      '/me/sessions',
      {
        config: limit(LIMITS.list),
        schema: {
          tags: ['profile'],
          summary: 'The customer’s live sessions (device, browser, system, activity), this one first',
          response: { 200: CustomerSessionList, 401: Problem, 429: Problem },
        },
      },
      (request) => listSessions(ctx, acting(request)),
    );

    app.delete(
      '/me/sessions/:id',
      {
        config: limit(LIMITS.revoke),
        schema: {
          tags: ['profile'],
          summary: 'Sign out another of the customer’s sessions at once (409 for this one: use logout)',
          params: SessionParams,
          response: { 204: NoContent, 401: Problem, 404: Problem, 409: Problem, 429: Problem },
        },
      },
      async (request, reply) => {
        await revokeSession(ctx, acting(request), request.params.id);
        return reply.status(204).send();
      },
    );

    app.delete(
      '/me/sessions',
      {
        config: limit(LIMITS.revoke),
        schema: {
          tags: ['profile'],
          summary: 'Sign out every other session of the customer; this one stays open',
          response: { 200: RevokedSessions, 401: Problem, 429: Problem },
        },
      },
      (request) => revokeOtherSessions(ctx, acting(request)),
    );
  };
