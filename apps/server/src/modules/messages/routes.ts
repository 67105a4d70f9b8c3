import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingCustomer } from '../../http/customer-guard.ts';
import { customerThread } from './customer-thread-service.ts';
import { myAdviser } from './my-adviser-service.ts';
import { readBankMessages } from './read-messages-service.ts';
import { sendCustomerMessage } from './send-customer-message-service.ts';
import { registerRoute } from '../../http/register-route.ts';

/** The customer's adviser and secure messages (docs/product/profile-and-security.md#profil), under `/api`. */
export const messageRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, routes.getMeAdviser, (request) => myAdviser(ctx, actingCustomer(request)));

    registerRoute(app, routes.getMessages, (request) =>
      customerThread(ctx, actingCustomer(request), request.query),
    );

    registerRoute(app, routes.postMessages, async (request, reply) =>
      reply.status(201).send(await sendCustomerMessage(ctx, actingCustomer(request), request.body.body)),
    );

    registerRoute(app, routes.postMessagesRead, (request) => readBankMessages(ctx, actingCustomer(request)));
  };
