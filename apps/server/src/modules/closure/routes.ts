import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CloseCustomerResponse, EraseCustomerResponse, Problem } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingOperator, operatorGuard } from '../operators/guard.ts';
import { closeCustomer } from './close-service.ts';
import { eraseApplicant } from './erase-service.ts';

const IdParams = z.object({ id: z.string().max(64) });

/** Danger zone (SPEC §7): erase an applicant, close a customer. Mounted under /api/backoffice. */
export const closureRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.delete(
      '/customers/:id',
      {
        preHandler: operatorGuard(ctx, ['admin']),
        schema: {
          tags: ['backoffice'],
          summary: 'Erase an applicant never approved, with no ledger history, and their documents (admin)',
          params: IdParams,
          response: { 200: EraseCustomerResponse, 401: Problem, 403: Problem, 404: Problem, 409: Problem },
        },
      },
      (request) => eraseApplicant(ctx, actingOperator(request), request.params.id),
    );

    app.post(
      '/customers/:id/close',
      {
        preHandler: operatorGuard(ctx, ['admin', 'compliance']),
        schema: {
          tags: ['backoffice'],
          summary:
            'Close a customer at zero balance with nothing pending: cards and planned transfers cancelled, sessions ended (admin, compliance)',
          params: IdParams,
          response: { 200: CloseCustomerResponse, 401: Problem, 403: Problem, 404: Problem, 409: Problem },
        },
      },
      (request) => closeCustomer(ctx, actingOperator(request), request.params.id),
    );
  };
