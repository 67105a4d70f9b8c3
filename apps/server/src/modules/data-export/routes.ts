import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { problem } from '../../http/problem.ts';
import { actingCustomer } from '../../http/customer-guard.ts';
import { startDataExport } from './export-service.ts';
import { registerRoute } from '../../http/register-route.ts';

/** Exports per customer (whatever the session or the address): a few an hour. */
export const DATA_EXPORT_LIMIT = { max: 3, timeWindow: '1 hour' } as const;

/** « Télécharger mes données » (GDPR art. 15 and 20), under `/api`. */
export const dataExportRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(
      app,
      routes.getMeDataExport,
      {
        config: {
          rateLimit: ctx.config.rateLimits
            ? {
                ...DATA_EXPORT_LIMIT,
                hook: 'preHandler',
                keyGenerator: (request: FastifyRequest) =>
                  `data-export:${request.customerSession?.customerId ?? request.ip}`,
                errorResponseBuilder: (_request, context) => ({
                  ...problem(
                    429,
                    'rate_limited',
                    `Vous avez déjà téléchargé vos données ${DATA_EXPORT_LIMIT.max} fois en une heure. Réessayez dans ${Math.max(1, Math.ceil(context.ttl / 60_000))} minute(s).`,
                    { retryAfterSeconds: Math.ceil(context.ttl / 1000) },
                  ),
                  statusCode: 429,
                }),
              }
            : false,
        },
      },
      async (request, reply) => {
        const file = await startDataExport(ctx, actingCustomer(request), request.needed.scaToken);
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('cache-control', 'no-store')
          .send(Readable.from(file.body));
      },
    );
  };
