import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingCustomer } from '../../http/customer-guard.ts';
import { cancelCard } from './cancel-card-service.ts';
import { cardActivity } from './card-activity-service.ts';
import { updateCardLimits } from './card-limits-service.ts';
import { createCard } from './create-card-service.ts';
import { listCards } from './list-cards-service.ts';
import { setCardLock } from './lock-card-service.ts';
import { revealCard } from './reveal-card-service.ts';
import { registerRoute } from '../../http/register-route.ts';

/** Reveals per customer (whatever the session): enough for a person, not for a script. */
export const CARD_REVEAL_LIMIT = { max: 10, timeWindow: '10 minutes' } as const;

/** The customer's virtual debit card (docs/product/cards.md), under `/api`. */
export const cardRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, routes.getCards, (request) => listCards(ctx, actingCustomer(request)));

    registerRoute(app, routes.postCards, async (request, reply) =>
      reply.status(201).send(await createCard(ctx, actingCustomer(request))),
    );

    for (const [route, locked] of [
      [routes.postCardsByIdLock, true],
      [routes.postCardsByIdUnlock, false],
    ] as const)
      registerRoute(app, route, (request) =>
        setCardLock(ctx, actingCustomer(request), request.params.id, locked),
      );

    registerRoute(app, routes.putCardsByIdLimits, (request) =>
      updateCardLimits(ctx, actingCustomer(request), request.params.id, request.body),
    );

    registerRoute(
      app,
      routes.postCardsByIdReveal,
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
      },
      async (request, reply) => {
        const details = await revealCard(
          ctx,
          actingCustomer(request),
          request.params.id,
          request.needed.scaToken,
        );
        return reply.header('cache-control', 'no-store').send(details);
      },
    );

    registerRoute(app, routes.deleteCardsById, (request) =>
      cancelCard(ctx, actingCustomer(request), request.params.id),
    );

    registerRoute(app, routes.getCardsByIdActivity, (request) =>
      cardActivity(ctx, actingCustomer(request), request.params.id),
    );
  };
