import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Account, OperationsPage, OperationsQuery, Problem } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingCustomer, activeCustomer } from '../../http/guards.ts';
import { listAccounts, listOperations } from './service.ts';

export const accountRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', activeCustomer(ctx));

    app.get(
      '/accounts',
      { schema: { tags: ['accounts'], response: { 200: z.array(Account), 401: Problem, 403: Problem } } },
      (request) => listAccounts(ctx, actingCustomer(request)),
    );

    app.get(
      '/accounts/:id/transactions',
      {
        schema: {
          tags: ['accounts'],
          params: z.object({ id: z.string().max(20) }),
          querystring: OperationsQuery,
          response: { 200: OperationsPage, 400: Problem, 401: Problem, 404: Problem },
        },
      },
      (request) => listOperations(ctx, actingCustomer(request), request.params.id, request.query),
    );
  };
