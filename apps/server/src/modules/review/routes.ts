import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type OperatorRole, routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { sendStoredFile } from '../../http/stored-file.ts';
import { actingOperator, operatorGuard } from '../../http/operator-guard.ts';
import { getCustomer, listCustomers, updateCustomer } from './customers-service.ts';
import { approveApplication, rejectApplication, requestCorrections } from './review-service.ts';
import { listCustomerDocuments, viewDocument } from './customer-documents-service.ts';
import { registerRoute } from '../../http/register-route.ts';

/** Who reviews applications and sees identity documents. Support reads customers only. */
const REVIEWERS: readonly OperatorRole[] = ['admin', 'compliance'];
/** Customer review (docs/product/back-office.md#customers), mounted under /api/backoffice. */
export const reviewRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const anyOperator = operatorGuard(ctx);
    const reviewer = operatorGuard(ctx, REVIEWERS);

    registerRoute(app, routes.getBackofficeCustomers, { preHandler: anyOperator }, (request) =>
      listCustomers(ctx, request.query),
    );

    registerRoute(app, routes.getBackofficeCustomersById, { preHandler: anyOperator }, (request) =>
      getCustomer(ctx, request.params.id),
    );

    registerRoute(app, routes.patchBackofficeCustomersById, { preHandler: reviewer }, (request) =>
      updateCustomer(ctx, actingOperator(request), request.params.id, request.body),
    );

    registerRoute(app, routes.postBackofficeCustomersByIdApprove, { preHandler: reviewer }, (request) =>
      approveApplication(ctx, actingOperator(request), request.params.id),
    );

    registerRoute(
      app,
      routes.postBackofficeCustomersByIdRequestCorrections,
      { preHandler: reviewer },
      (request) => requestCorrections(ctx, actingOperator(request), request.params.id, request.body),
    );

    registerRoute(app, routes.postBackofficeCustomersByIdReject, { preHandler: reviewer }, (request) =>
      rejectApplication(ctx, actingOperator(request), request.params.id, request.body.reason),
    );

    registerRoute(app, routes.getBackofficeCustomersByIdDocuments, { preHandler: reviewer }, (request) =>
      listCustomerDocuments(ctx, request.params.id),
    );

    registerRoute(
      app,
      routes.getBackofficeDocumentsById,
      { preHandler: reviewer },
      async (request, reply) => {
        const file = await viewDocument(ctx, actingOperator(request), request.params.id);
        return sendStoredFile(reply, file);
      },
    );
  };
