import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingOperator } from '../../http/operator-guard.ts';
import { closeCustomer } from './close-service.ts';
import { eraseApplicant } from './erase-service.ts';
import { registerRoute } from '../../http/register-route.ts';

/** Danger zone (docs/product/back-office.md#customers): erase an applicant, close a customer. Mounted under /api/backoffice. */
export const closureRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, routes.deleteBackofficeCustomersById, (request) =>
      eraseApplicant(ctx, actingOperator(request), request.params.id),
    );

    registerRoute(app, routes.postBackofficeCustomersByIdClose, (request) =>
      closeCustomer(ctx, actingOperator(request), request.params.id),
    );
  };
