import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Account,
  OperationDetail,
  OperationsPage,
  OperationsQuery,
  OperationsSummary,
  OperationsSummaryQuery,
  Problem,
  RibPdf,
} from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingCustomer, activeCustomer } from '../auth/guard.ts';
import { listAccounts, listOperations } from './service.ts';
import { ribPdf } from './rib-service.ts';
import { getOperationDetail } from './operation-detail-service.ts';
import { getOperationsSummary } from './operations-summary-service.ts';

/** An error answer of a route whose success is not JSON. */
const problemJson = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: Problem } },
});

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

    app.get(
      '/accounts/:id/transactions/:entryId',
      {
        schema: {
          tags: ['accounts'],
          summary: 'One operation of the account, with what its detail sheet shows',
          params: z.object({ id: z.string().max(20), entryId: z.string().max(20) }),
          response: { 200: OperationDetail, 400: Problem, 401: Problem, 403: Problem, 404: Problem },
        },
      },
      (request) =>
        getOperationDetail(ctx, actingCustomer(request), request.params.id, request.params.entryId),
    );

    app.get(
      '/accounts/:id/summary',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Money in and out of a month (booking date, posted only), by kind, and the 6 months to it',
          params: z.object({ id: z.string().max(20) }),
          querystring: OperationsSummaryQuery,
          response: { 200: OperationsSummary, 400: Problem, 401: Problem, 403: Problem, 404: Problem },
        },
      },
      (request) => getOperationsSummary(ctx, actingCustomer(request), request.params.id, request.query.month),
    );

    app.get(
      '/accounts/:id/rib.pdf',
      {
        schema: {
          tags: ['accounts'],
          summary: 'The account’s RIB (relevé d’identité bancaire) as a PDF, A4, in French',
          params: z.object({ id: z.string().max(20) }),
          response: {
            200: {
              description: 'The RIB, as an attachment named RIB-Comptoir-<last 4 characters of the IBAN>.pdf',
              content: { 'application/pdf': { schema: RibPdf } },
            },
            401: problemJson('No live customer session'),
            403: problemJson('The customer’s account is not open yet'),
            404: problemJson('Unknown account, or another customer’s (the same answer)'),
            409: problemJson('The account has no IBAN yet, or is closed'),
          },
        },
      },
      async (request, reply) => {
        const file = await ribPdf(ctx, actingCustomer(request), request.params.id);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .send(Buffer.from(file.bytes));
      },
    );
  };
