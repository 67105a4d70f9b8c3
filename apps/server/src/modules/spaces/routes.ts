import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingCustomer } from '../../http/customer-guard.ts';
import { closeSpace } from './close-space-service.ts';
import { createSpace } from './create-space-service.ts';
import { moveSpaceMoney } from './move-service.ts';
import { updateSpace } from './update-space-service.ts';
import { registerRoute } from '../../http/register-route.ts';

/** Moves between the main account and the Espaces, per customer: a money call, limited like the others. */
export const SPACE_MOVE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

/** « Espaces »: the signed-in customer's sub-accounts (docs/product/accounts-and-spaces.md#espaces). Listed by `GET /api/accounts`. */
export const spaceRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, routes.postSpaces, async (request, reply) =>
      reply.status(201).send(await createSpace(ctx, actingCustomer(request), request.body)),
    );

    registerRoute(app, routes.patchSpacesById, (request) =>
      updateSpace(ctx, actingCustomer(request), request.params.id, request.body),
    );

    registerRoute(app, routes.deleteSpacesById, (request) =>
      closeSpace(ctx, actingCustomer(request), request.params.id),
    );

    registerRoute(
      app,
      routes.postSpacesByIdMoves,
      {
        config: {
          rateLimit: ctx.config.rateLimits
            ? {
                ...SPACE_MOVE_LIMIT,
                hook: 'preHandler',
                keyGenerator: (request: FastifyRequest) =>
                  `space-move:${request.customerSession?.customerId ?? request.ip}`,
              }
            : false,
        },
      },
      async (request, reply) => {
        const result = await moveSpaceMoney(ctx, actingCustomer(request), {
          idParam: request.params.id,
          idempotencyKey: request.needed.idempotencyKey,
          body: request.body,
        });
        if (result.replayed) reply.header('idempotent-replayed', 'true');
        return reply.status(201).send(result.body);
      },
    );
  };
