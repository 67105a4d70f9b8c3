import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContactMessagesPage, ContactMessagesQuery, Problem } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { operatorGuard } from '../operators/guard.ts';
import { listContactMessages } from './service.ts';

/** Operator side of the contact form (registered under /api/backoffice). */
export const contactBackofficeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/contact-messages',
      {
        preHandler: operatorGuard(ctx, ['admin', 'support', 'compliance']),
        schema: {
          tags: ['backoffice'],
          summary: 'Contact-form inbox, newest first (cursor pagination)',
          querystring: ContactMessagesQuery,
          response: { 200: ContactMessagesPage, 400: Problem, 401: Problem, 403: Problem },
        },
      },
      (request) => listContactMessages(ctx, request.query),
    );
  };
