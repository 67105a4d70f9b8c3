import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingOperator } from '../../http/operator-guard.ts';
import { markContactHandled } from './handle-service.ts';
import { listContactMessages } from './service.ts';
import { registerRoute } from '../../http/register-route.ts';

/** Operator side of the contact form (registered under /api/backoffice). */
export const contactBackofficeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, routes.getBackofficeContactMessages, (request) =>
      listContactMessages(ctx, request.query),
    );

    registerRoute(app, routes.postBackofficeContactMessagesByIdHandled, (request) =>
      markContactHandled(ctx, actingOperator(request).id, request.params.id),
    );
  };
