import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CardAuthorizationRequest,
  CardAuthorizationResponse,
  CardClearingRequest,
  CardClearingResponse,
  CardRefundRequest,
  CardRefundResponse,
  Problem,
} from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { sandboxActor, sandboxGuard } from '../sandbox/guard.ts';
import { authorizeCardPayment } from './authorize-service.ts';
import { clearCardAuthorization } from './clear-service.ts';
import { refundCardPayment } from './refund-service.ts';

const idempotencyKey = (value: string | string[] | undefined) =>
  typeof value === 'string' ? value : undefined;

/**
 * The sandbox card network (registered under /api/sandbox only in sandbox mode): authorisations,
 * clearings and refunds, for an admin or compliance operator session or the sandbox key.
 */
export const cardSandboxRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const guard = sandboxGuard(ctx);
    app.post(
      '/card-authorizations',
      {
        preHandler: guard,
        schema: {
          tags: ['sandbox'],
          summary:
            'Ask for a card payment authorisation: approved or declined with its reason (Idempotency-Key required)',
          body: CardAuthorizationRequest,
          response: {
            200: CardAuthorizationResponse,
            400: Problem,
            401: Problem,
            403: Problem,
            409: Problem,
          },
        },
      },
      async (request, reply) => {
        const result = await authorizeCardPayment(
          ctx,
          sandboxActor(request),
          idempotencyKey(request.headers['idempotency-key']),
          request.body,
        );
        if (result.replayed) reply.header('idempotent-replayed', 'true');
        return reply.status(200).send(result.body);
      },
    );

    app.post(
      '/card-clearings',
      {
        preHandler: guard,
        schema: {
          tags: ['sandbox'],
          summary: 'Settle an approved authorisation (amount within ±15 % of the authorised one)',
          body: CardClearingRequest,
          response: {
            200: CardClearingResponse,
            400: Problem,
            401: Problem,
            403: Problem,
            404: Problem,
            409: Problem,
            422: Problem,
          },
        },
      },
      async (request) => clearCardAuthorization(ctx, sandboxActor(request), request.body),
    );

    app.post(
      '/card-refunds',
      {
        preHandler: guard,
        schema: {
          tags: ['sandbox'],
          summary: 'A merchant refunds a card payment: credits the card’s account (Idempotency-Key required)',
          body: CardRefundRequest,
          response: {
            201: CardRefundResponse,
            400: Problem,
            401: Problem,
            403: Problem,
            404: Problem,
            409: Problem,
          },
        },
      },
      async (request, reply) => {
        const result = await refundCardPayment(
          ctx,
          sandboxActor(request),
          idempotencyKey(request.headers['idempotency-key']),
          request.body,
        );
        if (result.replayed) reply.header('idempotent-replayed', 'true');
        return reply.status(result.status as 201).send(result.body);
      },
    );
  };
