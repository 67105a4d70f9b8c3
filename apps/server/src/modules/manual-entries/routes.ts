import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingOperator } from '../../http/operator-guard.ts';
import { createManualEntry } from './create-service.ts';
import { decideManualEntry } from './decide-service.ts';
import { listManualEntriesOf } from './list-service.ts';
import { registerRoute } from '../../http/register-route.ts';

/** Manual entries « régularisation » (docs/product/back-office.md#customers), mounted under /api/backoffice. */
export const manualEntryRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, routes.getBackofficeCustomersByIdManualEntries, (request) =>
      listManualEntriesOf(ctx, { customerParam: request.params.id, status: request.query.status }),
    );

    registerRoute(app, routes.postBackofficeCustomersByIdManualEntries, async (request, reply) => {
      const result = await createManualEntry(
        ctx,
        actingOperator(request),
        request.params.id,
        request.needed.idempotencyKey,
        request.body,
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(result.body);
    });

    registerRoute(app, routes.getBackofficeManualEntries, (request) =>
      listManualEntriesOf(ctx, { status: request.query.status }),
    );

    registerRoute(app, routes.postBackofficeManualEntriesByIdApprove, (request) =>
      decideManualEntry(ctx, actingOperator(request), request.params.id, { outcome: 'approve' }),
    );

    registerRoute(app, routes.postBackofficeManualEntriesByIdRefuse, (request) =>
      decideManualEntry(ctx, actingOperator(request), request.params.id, {
        outcome: 'refuse',
        reason: request.body.reason,
      }),
    );
  };
