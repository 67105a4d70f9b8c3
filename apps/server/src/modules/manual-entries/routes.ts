import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type OperatorRole, routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingOperator, operatorGuard } from '../../http/operator-guard.ts';
import { createManualEntry } from './create-service.ts';
import { decideManualEntry } from './decide-service.ts';
import { listManualEntriesOf } from './list-service.ts';
import { registerRoute } from '../../http/register-route.ts';

/** Who makes and checks manual entries (four eyes: the checker is another of them). */
const MAKERS_AND_CHECKERS: readonly OperatorRole[] = ['admin', 'compliance'];
/** Manual entries « régularisation » (docs/product/back-office.md#customers), mounted under /api/backoffice. */
export const manualEntryRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const anyOperator = operatorGuard(ctx);
    const checker = operatorGuard(ctx, MAKERS_AND_CHECKERS);

    registerRoute(
      app,
      routes.getBackofficeCustomersByIdManualEntries,
      { preHandler: anyOperator },
      (request) =>
        listManualEntriesOf(ctx, { customerParam: request.params.id, status: request.query.status }),
    );

    registerRoute(
      app,
      routes.postBackofficeCustomersByIdManualEntries,
      { preHandler: checker },
      async (request, reply) => {
        const key = request.headers['idempotency-key'];
        const result = await createManualEntry(
          ctx,
          actingOperator(request),
          request.params.id,
          typeof key === 'string' ? key : undefined,
          request.body,
        );
        if (result.replayed) reply.header('idempotent-replayed', 'true');
        return reply.status(201).send(result.body);
      },
    );

    registerRoute(app, routes.getBackofficeManualEntries, { preHandler: anyOperator }, (request) =>
      listManualEntriesOf(ctx, { status: request.query.status }),
    );

    registerRoute(app, routes.postBackofficeManualEntriesByIdApprove, { preHandler: checker }, (request) =>
      decideManualEntry(ctx, actingOperator(request), request.params.id, { outcome: 'approve' }),
    );

    registerRoute(app, routes.postBackofficeManualEntriesByIdRefuse, { preHandler: checker }, (request) =>
      decideManualEntry(ctx, actingOperator(request), request.params.id, {
        outcome: 'refuse',
        reason: request.body.reason,
      }),
    );
  };
