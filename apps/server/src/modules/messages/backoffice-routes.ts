import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { type OperatorRole, routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingOperator, operatorGuard } from '../../http/operator-guard.ts';
import { adviserOptions, assignAdviser } from './assign-adviser-service.ts';
import { operatorThread } from './operator-thread-service.ts';
import { sendBankMessage } from './send-bank-message-service.ts';
import { unreadByCustomer } from './unread-by-customer-service.ts';
import { registerRoute } from '../../http/register-route.ts';

/** Who assigns advisers. Every role reads and writes messages (support answers customers). */
export const ADVISER_ASSIGNERS: readonly OperatorRole[] = ['admin', 'compliance'];
export const MESSAGE_ROLES: readonly OperatorRole[] = ['admin', 'compliance', 'support'];
/** Messages an operator may write (per instance, in memory): a person's pace, not a script's. */
export const BANK_MESSAGE_LIMIT = { max: 60, timeWindow: '10 minutes' } as const;

/** Adviser assignment and the bank's side of secure messages (docs/product/back-office.md#customers), under /api/backoffice. */
export const messageBackofficeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const anyRole = operatorGuard(ctx, MESSAGE_ROLES);

    registerRoute(app, routes.getBackofficeCustomersByIdAdviser, { preHandler: anyRole }, (request) =>
      adviserOptions(ctx, request.params.id),
    );

    registerRoute(
      app,
      routes.putBackofficeCustomersByIdAdviser,
      { preHandler: operatorGuard(ctx, ADVISER_ASSIGNERS) },
      (request) => assignAdviser(ctx, actingOperator(request), request.params.id, request.body),
    );

    registerRoute(app, routes.getBackofficeCustomersByIdMessages, { preHandler: anyRole }, (request) =>
      operatorThread(ctx, request.params.id, request.query),
    );

    registerRoute(
      app,
      routes.postBackofficeCustomersByIdMessages,
      {
        preHandler: anyRole,
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

    registerRoute(app, routes.getBackofficeMessagesUnread, { preHandler: anyRole }, () =>
      unreadByCustomer(ctx),
    );
  };
