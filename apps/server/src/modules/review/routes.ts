import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { sendStoredFile } from '../../http/stored-file.ts';
import { actingOperator } from '../../http/operator-guard.ts';
import { getCustomer, listCustomers, updateCustomer } from './customers-service.ts';
import { approveApplication, rejectApplication, requestCorrections } from './review-service.ts';
import { listCustomerDocuments, viewDocument } from './customer-documents-service.ts';
import { registerRoute } from '../../http/register-route.ts';

/** Customer review (docs/product/back-office.md#customers), mounted under /api/backoffice. */
export const reviewRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, routes.getBackofficeCustomers, (request) => listCustomers(ctx, request.query));

    registerRoute(app, routes.getBackofficeCustomersById, (request) => getCustomer(ctx, request.params.id));

    registerRoute(app, routes.patchBackofficeCustomersById, (request) =>
      updateCustomer(ctx, actingOperator(request), request.params.id, request.body),
    );

    registerRoute(app, routes.postBackofficeCustomersByIdApprove, (request) =>
      approveApplication(ctx, actingOperator(request), request.params.id),
    );

    registerRoute(app, routes.postBackofficeCustomersByIdRequestCorrections, (request) =>
      requestCorrections(ctx, actingOperator(request), request.params.id, request.body),
    );

    registerRoute(app, routes.postBackofficeCustomersByIdReject, (request) =>
      rejectApplication(ctx, actingOperator(request), request.params.id, request.body.reason),
    );

    registerRoute(app, routes.getBackofficeCustomersByIdDocuments, (request) =>
      listCustomerDocuments(ctx, request.params.id),
    );

    registerRoute(app, routes.getBackofficeDocumentsById, async (request, reply) => {
      const file = await viewDocument(ctx, actingOperator(request), request.params.id);
      return sendStoredFile(reply, file);
    });
  };
