import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  Card,
  CardActivityList,
  CardDetails,
  CardLimitsRequest,
  CardList,
  Problem,
  SCA_TOKEN_HEADER,
} from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingCustomer, activeCustomer } from '../auth/guard.ts';
import { cancelCard } from './cancel-card-service.ts';
import { cardActivity } from './card-activity-service.ts';
import { updateCardLimits } from './card-limits-service.ts';
import { createCard } from './create-card-service.ts';
import { listCards } from './list-cards-service.ts';
import { setCardLock } from './lock-card-service.ts';
import { revealCard } from './reveal-card-service.ts';
import { problems } from '../../http/openapi-problems.ts';

const CardParams = z.object({ id: z.string().max(64) });

/** Reveals per customer (whatever the session): enough for a person, not for a script. */
export const CARD_REVEAL_LIMIT = { max: 10, timeWindow: '10 minutes' } as const;

const header = (value: string | string[] | undefined): string | undefined =>
  typeof value === 'string' && value.length > 0 ? value : undefined;

/** The customer's virtual debit card (SPEC §5 « Carte », §10 `cards`), under `/api`. */
export const cardRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', activeCustomer(ctx));

    app.get(
      '/cards',
      {
        schema: {
          tags: ['cards'],
          summary: 'The customer’s cards, the active one first, with what each spent over 7 and 30 days',
          response: { 200: CardList, 401: Problem, 403: Problem },
        },
      },
      (request) => listCards(ctx, actingCustomer(request)),
    );

    app.post(
      '/cards',
      {
        schema: {
          tags: ['cards'],
          summary: 'Create a card (only when the customer has no active one, else 409)',
          description:
            'Issues a virtual debit card on the main account: a 16-digit Luhn-valid number in the bank’s ' +
            'range, valid 3 years. No Idempotency-Key: a repeated call answers 409 once the first card exists.',
          response: { 201: Card, 401: Problem, 403: Problem, 404: Problem, 409: Problem },
        },
      },
      async (request, reply) => reply.status(201).send(await createCard(ctx, actingCustomer(request))),
    );

    for (const action of ['lock', 'unlock'] as const) {
      app.post(
        `/cards/:id/${action}`,
        {
          schema: {
            tags: ['cards'],
            summary:
              action === 'lock'
                ? 'Lock the card for now: every authorisation is declined (« Votre carte est bloquée »)'
                : 'Unlock the card',
            params: CardParams,
            response: { 200: Card, 401: Problem, 403: Problem, 404: Problem, 409: Problem },
          },
        },
        (request) => setCardLock(ctx, actingCustomer(request), request.params.id, action === 'lock'),
      );
    }

    app.put(
      '/cards/:id/limits',
      {
        schema: {
          tags: ['cards'],
          summary: 'Set the weekly and monthly limits (cents) and the channels allowed',
          params: CardParams,
          body: CardLimitsRequest,
          response: { 200: Card, 400: Problem, 401: Problem, 403: Problem, 404: Problem, 409: Problem },
        },
      },
      (request) => updateCardLimits(ctx, actingCustomer(request), request.params.id, request.body),
    );

    app.post(
      '/cards/:id/reveal',
      {
        config: {
          rateLimit: ctx.config.rateLimits
            ? {
                ...CARD_REVEAL_LIMIT,
                hook: 'preHandler',
                keyGenerator: (request: FastifyRequest) =>
                  `card-reveal:${request.customerSession?.customerId ?? request.ip}`,
              }
            : false,
        },
        schema: {
          tags: ['cards'],
          summary:
            'The card’s number, dates and CVV (strong authentication: action `card_reveal`, `{cardId}`)',
          description:
            'The only answer that carries the number and the CVV (`Cache-Control: no-store`). The ' +
            '`X-SCA-Token` must have been issued for this card (else 401 `sca_required`). Limited per customer.',
          params: CardParams,
          headers: z.object({ [SCA_TOKEN_HEADER]: z.string().max(200).optional() }),
          response: {
            200: CardDetails,
            ...problems(401, 403, 404, 409, 429),
          },
        },
      },
      async (request, reply) => {
        const details = await revealCard(
          ctx,
          actingCustomer(request),
          request.params.id,
          header(request.headers[SCA_TOKEN_HEADER]),
        );
        return reply.header('cache-control', 'no-store').send(details);
      },
    );

    app.delete(
      '/cards/:id',
      {
        schema: {
          tags: ['cards'],
          summary: 'Opposition (« Supprimer la carte »): the card is cancelled for good',
          params: CardParams,
          response: { 200: Card, 401: Problem, 403: Problem, 404: Problem, 409: Problem },
        },
      },
      (request) => cancelCard(ctx, actingCustomer(request), request.params.id),
    );

    app.get(
      '/cards/:id/activity',
      {
        schema: {
          tags: ['cards'],
          summary: 'The card’s payments, declines included, and refunds, newest first (at most 50)',
          params: CardParams,
          response: { 200: CardActivityList, 401: Problem, 403: Problem, 404: Problem },
        },
      },
      (request) => cardActivity(ctx, actingCustomer(request), request.params.id),
    );
  };
