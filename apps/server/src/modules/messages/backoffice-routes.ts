import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingOperator } from '../../http/operator-guard.ts';
import { adviserOptions, assignAdviser } from './assign-adviser-service.ts';
import { operatorThread } from './operator-thread-service.ts';
import { sendBankMessage } from './send-bank-message-service.ts';
import { unreadByCustomer } from './unread-by-customer-service.ts';
import { registerRoute } from '../../http/register-route.ts';

/** Messages an operator may write (per instance, in memory): a person's pace, not a script's. */
export const BANK_MESSAGE_LIMIT = { max: 60, timeWindow: '10 minutes' } as const;

/** Adviser assignment and the bank's side of secure messages (docs/product/back-office.md#customers), under /api/backoffice. */
export const messageBackofficeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, routes.getBackofficeCustomersByIdAdviser, (request) =>
      adviserOptions(ctx, request.params.id),
    );

    registerRoute(app, routes.putBackofficeCustomersByIdAdviser, (request) =>
      assignAdviser(ctx, actingOperator(request), request.params.id, request.body),
    );

    registerRoute(app, routes.getBackofficeCustomersByIdMessages, (request) =>
      operatorThread(ctx, request.params.id, request.query),
    );

    registerRoute(
      app,
      routes.postBackofficeCustomersByIdMessages,
      {
        config: {
          rateLimit: ctx.config.rateLimits
            ? {
                ...BANK_MESSAGE_LIMIT,
                hook: 'preHandler',
                keyGenerator: (request: FastifyRequest) =>
                  `bank-message:${request.operator?.id ?? request.ip}`,
              }
            : false,
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await sendBankMessage(ctx, actingOperator(request), request.params.id, request.body.body)),
    );

    registerRoute(app, routes.getBackofficeMessagesUnread, () => unreadByCustomer(ctx));
  };
