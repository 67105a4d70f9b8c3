import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '@comptoir/contracts';
import type { AppContext } from '../context.ts';
import { listMailbox, renderMailboxPage } from './mailbox.ts';

const MailboxQuery = z.object({ to: text().trim().max(254).optional() });

/**
 * The sandbox mailbox (docs/product/emails.md), registered under `/dev` in sandbox mode only: lets a visitor finish
 * sign-up or a password reset without a mail server. Never registered in production.
 */
export const mailboxRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('cache-control', 'no-store');
      reply.header('x-robots-tag', 'noindex');
      return payload;
    });

    app.get('/mailbox', { schema: { hide: true, querystring: MailboxQuery } }, async (request, reply) => {
      const to = request.query.to || null;
      const entries = await listMailbox(ctx, to);
      return reply.type('text/html; charset=utf-8').send(renderMailboxPage(entries, to));
    });

    app.get('/mailbox.json', { schema: { hide: true, querystring: MailboxQuery } }, async (request) =>
      listMailbox(ctx, request.query.to || null),
    );
  };
