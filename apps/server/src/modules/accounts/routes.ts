import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingCustomer } from '../../http/customer-guard.ts';
import { listAccounts } from './list-accounts-service.ts';
import { listOperations } from './service.ts';
import { ribPdf } from './rib-service.ts';
import { getOperationDetail } from './operation-detail-service.ts';
import { getOperationsSummary } from './operations-summary-service.ts';
import { registerRoute } from '../../http/register-route.ts';

/** An error answer of a route whose success is not JSON. */
export const accountRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, routes.getAccounts, (request) => listAccounts(ctx, actingCustomer(request)));

    registerRoute(app, routes.getAccountsByIdTransactions, (request) =>
      listOperations(ctx, actingCustomer(request), request.params.id, request.query),
    );

    registerRoute(app, routes.getAccountsByIdTransactionsByEntryId, (request) =>
      getOperationDetail(ctx, actingCustomer(request), request.params.id, request.params.entryId),
    );

    registerRoute(app, routes.getAccountsByIdSummary, (request) =>
      getOperationsSummary(ctx, actingCustomer(request), request.params.id, request.query.month),
    );

    registerRoute(app, routes.getAccountsByIdRibPdf, async (request, reply) => {
      const file = await ribPdf(ctx, actingCustomer(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(file.bytes));
    });
  };
