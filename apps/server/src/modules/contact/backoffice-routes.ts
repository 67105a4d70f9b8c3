import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ContactMessage, ContactMessagesPage, ContactMessagesQuery, Problem } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingOperator, operatorGuard } from '../operators/guard.ts';
import { markContactHandled } from './handle-service.ts';
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

    app.post(
      '/contact-messages/:id/handled',
      {
        preHandler: operatorGuard(ctx, ['admin', 'support', 'compliance']),
        schema: {
          tags: ['backoffice'],
          summary: 'Mark a contact message handled (audited; idempotent)',
          params: z.object({ id: z.string().max(64) }),
          response: { 200: ContactMessage, 400: Problem, 401: Problem, 403: Problem, 404: Problem },
        },
      },
      (request) => markContactHandled(ctx, actingOperator(request).id, request.params.id),
    );
  };
