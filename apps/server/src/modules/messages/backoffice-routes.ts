import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AdviserOptions,
  AssignAdviserRequest,
  MessagesPage,
  MessagesQuery,
  Problem,
  SecureMessage,
  SendMessageRequest,
  UnreadByCustomer,
  type OperatorRole,
} from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingOperator, operatorGuard } from '../operators/guard.ts';
import { adviserOptions, assignAdviser } from './assign-adviser-service.ts';
import { operatorThread } from './operator-thread-service.ts';
import { sendBankMessage } from './send-bank-message-service.ts';
import { unreadByCustomer } from './unread-by-customer-service.ts';

/** Who assigns advisers. Every role reads and writes messages (support answers customers). */
export const ADVISER_ASSIGNERS: readonly OperatorRole[] = ['admin', 'compliance'];
export const MESSAGE_ROLES: readonly OperatorRole[] = ['admin', 'compliance', 'support'];
const IdParams = z.object({ id: z.string().max(64) });

/** Messages an operator may write (per instance, in memory): a person's pace, not a script's. */
export const BANK_MESSAGE_LIMIT = { max: 60, timeWindow: '10 minutes' } as const;

/** Adviser assignment and the bank's side of secure messages (SPEC §7, §10), under /api/backoffice. */
export const messageBackofficeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const anyRole = operatorGuard(ctx, MESSAGE_ROLES);

    app.get(
      '/customers/:id/adviser',
      {
        preHandler: anyRole,
        schema: {
          tags: ['backoffice'],
          summary: 'The customer’s adviser and the active operators who can be chosen',
          params: IdParams,
          response: { 200: AdviserOptions, 401: Problem, 403: Problem, 404: Problem },
        },
      },
      (request) => adviserOptions(ctx, request.params.id),
    );

    app.put(
      '/customers/:id/adviser',
      {
        preHandler: operatorGuard(ctx, ADVISER_ASSIGNERS),
        schema: {
          tags: ['backoffice'],
          summary:
            'Assign the customer’s adviser, an active operator, or remove it with null (admin, compliance; audited)',
          params: IdParams,
          body: AssignAdviserRequest,
          response: { 200: AdviserOptions, 400: Problem, 401: Problem, 403: Problem, 404: Problem },
        },
      },
      (request) => assignAdviser(ctx, actingOperator(request), request.params.id, request.body),
    );

    app.get(
      '/customers/:id/messages',
      {
        preHandler: anyRole,
        schema: {
          tags: ['backoffice'],
          summary:
            'The customer’s secure-message thread, newest first; opening it marks the customer’s messages read',
          params: IdParams,
          querystring: MessagesQuery,
          response: { 200: MessagesPage, 400: Problem, 401: Problem, 403: Problem, 404: Problem },
        },
      },
      (request) => operatorThread(ctx, request.params.id, request.query),
    );

    app.post(
      '/customers/:id/messages',
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
        schema: {
          tags: ['backoffice'],
          summary:
            'Write to the customer (audited); the customer is mailed that a message waits, without its content',
          params: IdParams,
          body: SendMessageRequest,
          response: {
            201: SecureMessage,
            400: Problem,
            401: Problem,
            403: Problem,
            404: Problem,
            409: Problem,
            429: Problem,
          },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await sendBankMessage(ctx, actingOperator(request), request.params.id, request.body.body)),
    );

    app.get(
      '/messages/unread',
      {
        preHandler: anyRole,
        schema: {
          tags: ['backoffice'],
          summary: 'Customers with messages no operator has opened yet, and how many',
          response: { 200: UnreadByCustomer, 401: Problem, 403: Problem },
        },
      },
      () => unreadByCustomer(ctx),
    );
  };
