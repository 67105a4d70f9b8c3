import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { problem } from '../../http/problem.ts';
import { submitContactMessage } from './service.ts';
import { registerRoute } from '../../http/register-route.ts';

/** Per-IP limit (in-process, per instance); the per-address one lives in the service. */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: '15 minutes' } as const;

/** The public contact form (docs/product/marketing-site.md#pages), under `/api`. */
export const contactRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(
      app,
      routes.postContact,
      {
        config: {
          rateLimit: ctx.config.rateLimits
            ? {
                ...CONTACT_RATE_LIMIT,
                errorResponseBuilder: (_request, context) => {
                  const minutes = Math.max(1, Math.ceil(context.ttl / 60_000));
                  return {
                    ...problem(
                      429,
                      'rate_limited',
                      `Vous avez envoyé beaucoup de messages en peu de temps. Veuillez réessayer dans ${minutes} minute${minutes > 1 ? 's' : ''}.`,
                      { retryAfterSeconds: Math.ceil(context.ttl / 1000) },
                    ),
                    statusCode: 429,
                  };
                },
              }
            : false,
        },
      },
      async (request, reply) => reply.status(201).send(await submitContactMessage(ctx, request.body)),
    );
  };
