import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MessagesPage,
  MessagesQuery,
  MyAdviser,
  Problem,
  SecureMessage,
  SendMessageRequest,
  UnreadMessages,
} from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingCustomer, activeCustomer } from '../auth/guard.ts';
import { customerThread } from './customer-thread-service.ts';
import { myAdviser } from './my-adviser-service.ts';
import { readBankMessages } from './read-messages-service.ts';
import { sendCustomerMessage } from './send-customer-message-service.ts';

/** The customer's adviser and secure messages (SPEC §5 « Mon conseiller », §10 `profile`), under `/api`. */
export const messageRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', activeCustomer(ctx));

    app.get(
      '/me/adviser',
      {
        schema: {
          tags: ['messages'],
          summary: 'The customer’s adviser (name, e-mail, phone), or null when none is assigned',
          response: { 200: MyAdviser, 401: Problem, 403: Problem },
        },
      },
      (request) => myAdviser(ctx, actingCustomer(request)),
    );

    app.get(
      '/messages',
      {
        schema: {
          tags: ['messages'],
          summary: 'The secure-message thread with the bank, newest first (cursor), and the unread count',
          querystring: MessagesQuery,
          response: { 200: MessagesPage, 400: Problem, 401: Problem, 403: Problem },
        },
      },
      (request) => customerThread(ctx, actingCustomer(request), request.query),
    );

    app.post(
      '/messages',
      {
        schema: {
          tags: ['messages'],
          summary: 'Write to the bank (plain text, 1–2,000 characters; 10 messages per 10 minutes)',
          body: SendMessageRequest,
          response: { 201: SecureMessage, 400: Problem, 401: Problem, 403: Problem, 429: Problem },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await sendCustomerMessage(ctx, actingCustomer(request), request.body.body)),
    );

    app.post(
      '/messages/read',
      {
        schema: {
          tags: ['messages'],
          summary: 'Mark the bank’s messages read',
          response: { 200: UnreadMessages, 401: Problem, 403: Problem },
        },
      },
      (request) => readBankMessages(ctx, actingCustomer(request)),
    );
  };
