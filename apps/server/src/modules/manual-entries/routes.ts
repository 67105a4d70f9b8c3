import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ManualEntriesQuery,
  ManualEntry,
  ManualEntryList,
  ManualEntryRefusal,
  ManualEntryRequest,
  Problem,
  type OperatorRole,
} from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingOperator, operatorGuard } from '../operators/guard.ts';
import { createManualEntry } from './create-service.ts';
import { decideManualEntry } from './decide-service.ts';
import { listManualEntriesOf } from './list-service.ts';
import { problems } from '../../http/openapi-problems.ts';

/** Who makes and checks manual entries (four eyes: the checker is another of them). */
const MAKERS_AND_CHECKERS: readonly OperatorRole[] = ['admin', 'compliance'];
const IdParams = z.object({ id: z.string().max(64) });

/** Manual entries « régularisation » (SPEC §7), mounted under /api/backoffice. */
export const manualEntryRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const anyOperator = operatorGuard(ctx);
    const checker = operatorGuard(ctx, MAKERS_AND_CHECKERS);

    app.get(
      '/customers/:id/manual-entries',
      {
        preHandler: anyOperator,
        schema: {
          tags: ['backoffice'],
          summary: 'Manual entries of one customer, newest first',
          params: IdParams,
          querystring: ManualEntriesQuery,
          response: { 200: ManualEntryList, 400: Problem, 401: Problem, 403: Problem, 404: Problem },
        },
      },
      (request) =>
        listManualEntriesOf(ctx, { customerParam: request.params.id, status: request.query.status }),
    );

    app.post(
      '/customers/:id/manual-entries',
      {
        preHandler: checker,
        schema: {
          tags: ['backoffice'],
          summary:
            'Manual entry (admin, compliance; Idempotency-Key): posted at once up to the threshold, else pending a second operator',
          params: IdParams,
          body: ManualEntryRequest,
          response: {
            201: ManualEntry,
            ...problems(400, 401, 403, 404, 409, 422),
          },
        },
      },
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

    app.get(
      '/manual-entries',
      {
        preHandler: anyOperator,
        schema: {
          tags: ['backoffice'],
          summary: 'Manual entries of every customer (status=pending: the checkers’ queue)',
          querystring: ManualEntriesQuery,
          response: { 200: ManualEntryList, 400: Problem, 401: Problem, 403: Problem },
        },
      },
      (request) => listManualEntriesOf(ctx, { status: request.query.status }),
    );

    app.post(
      '/manual-entries/:id/approve',
      {
        preHandler: checker,
        schema: {
          tags: ['backoffice'],
          summary: 'Approve a pending manual entry (admin, compliance; never its maker): posted',
          params: IdParams,
          response: {
            200: ManualEntry,
            ...problems(401, 403, 404, 409, 422),
          },
        },
      },
      (request) => decideManualEntry(ctx, actingOperator(request), request.params.id, { outcome: 'approve' }),
    );

    app.post(
      '/manual-entries/:id/refuse',
      {
        preHandler: checker,
        schema: {
          tags: ['backoffice'],
          summary: 'Refuse a pending manual entry (admin, compliance; never its maker)',
          params: IdParams,
          body: ManualEntryRefusal,
          response: {
            200: ManualEntry,
            ...problems(400, 401, 403, 404, 409),
          },
        },
      },
      (request) =>
        decideManualEntry(ctx, actingOperator(request), request.params.id, {
          outcome: 'refuse',
          reason: request.body.reason,
        }),
    );
  };
