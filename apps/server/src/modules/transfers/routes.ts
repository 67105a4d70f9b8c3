import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateTransferRequest,
  CreateTransferResponse,
  Problem,
  SCA_TOKEN_HEADER,
  Transfer,
  TransferList,
  TransferListQuery,
} from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingCustomer, activeCustomer } from '../auth/guard.ts';
import { cancelTransfer } from './cancel-service.ts';
import { createTransfer } from './create-transfer-service.ts';
import { getTransfer, listTransfers } from './read-service.ts';
import { problems } from '../../http/openapi-problems.ts';

const header = (value: string | string[] | undefined): string | undefined =>
  typeof value === 'string' && value.length > 0 ? value : undefined;

const TransferParams = z.object({ id: z.string().max(64) });

/** Outgoing transfers of the signed-in customer (SPEC §5, §10). */
export const transferRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', activeCustomer(ctx));

    app.post(
      '/transfers',
      {
        schema: {
          tags: ['transfers'],
          summary:
            'Send a transfer (instant or one-off). Idempotency-Key required; X-SCA-Token bound to {amount, payeeIban, payeeName} unless the payee is one of the customer’s own accounts',
          body: CreateTransferRequest,
          response: {
            201: CreateTransferResponse,
            ...problems(400, 401, 403, 404, 409, 422),
          },
        },
      },
      async (request, reply) => {
        const result = await createTransfer(ctx, actingCustomer(request), {
          idempotencyKey: header(request.headers['idempotency-key']),
          scaToken: header(request.headers[SCA_TOKEN_HEADER]),
          body: request.body,
        });
        if (result.replayed) reply.header('idempotent-replayed', 'true');
        return reply.status(201).send(result.body);
      },
    );

    app.get(
      '/transfers',
      {
        schema: {
          tags: ['transfers'],
          summary: 'The customer’s upcoming (scheduled, pending) and recent transfers',
          querystring: TransferListQuery,
          response: { 200: TransferList, 400: Problem, 401: Problem, 403: Problem, 404: Problem },
        },
      },
      (request) => listTransfers(ctx, actingCustomer(request), request.query),
    );

    app.get(
      '/transfers/:id',
      {
        schema: {
          tags: ['transfers'],
          params: TransferParams,
          response: { 200: Transfer, 400: Problem, 401: Problem, 403: Problem, 404: Problem },
        },
      },
      (request) => getTransfer(ctx, actingCustomer(request), request.params.id),
    );

    app.delete(
      '/transfers/:id',
      {
        schema: {
          tags: ['transfers'],
          summary: 'Cancel a pending or scheduled one-off transfer (a monthly series stops)',
          params: TransferParams,
          response: { 200: Transfer, 400: Problem, 401: Problem, 403: Problem, 404: Problem, 409: Problem },
        },
      },
      (request) => cancelTransfer(ctx, actingCustomer(request), request.params.id),
    );
  };
