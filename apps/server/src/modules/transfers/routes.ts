import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingCustomer } from '../../http/customer-guard.ts';
import { cancelTransfer } from './cancel-service.ts';
import { createTransfer } from './create-transfer-service.ts';
import { getTransfer, listTransfers } from './read-service.ts';
import { registerRoute } from '../../http/register-route.ts';

/** Outgoing transfers of the signed-in customer (docs/product/transfers.md). */
export const transferRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, routes.postTransfers, async (request, reply) => {
      const result = await createTransfer(ctx, actingCustomer(request), {
        idempotencyKey: request.needed.idempotencyKey,
        scaToken: request.needed.scaToken,
        body: request.body,
      });
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(result.body);
    });

    registerRoute(app, routes.getTransfers, (request) =>
      listTransfers(ctx, actingCustomer(request), request.query),
    );

    registerRoute(app, routes.getTransfersById, (request) =>
      getTransfer(ctx, actingCustomer(request), request.params.id),
    );

    registerRoute(app, routes.deleteTransfersById, (request) =>
      cancelTransfer(ctx, actingCustomer(request), request.params.id),
    );
  };
