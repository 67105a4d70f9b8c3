import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { customerSession } from '../auth/guard.ts';
import { unauthenticated } from '../../errors.ts';
import { liveHub } from './hub.ts';
import { openLiveStream } from './live-service.ts';
import { StreamLimit } from './stream-limit.ts';
import { problems } from '../../http/openapi-problems.ts';

/** Server-Sent Events for the signed-in customer (registered under /api). */
export const eventRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Open streams never end by themselves: end them when the server stops, or it would wait for them.
    const open = new Set<() => void>();
    const streams = new StreamLimit();
    app.addHook('preClose', async () => {
      for (const end of [...open]) end();
    });
    app.addHook('onClose', async () => {
      await liveHub(ctx.db).close();
    });

    app.get(
      '/events',
      {
        preHandler: customerSession(ctx),
        schema: {
          tags: ['events'],
          summary:
            'Live updates (text/event-stream): `data: {"type":"status","status":…}` on connect and at each change; at most 4 open per session (429 beyond)',
          response: {
            200: {
              description: 'A text/event-stream that stays open',
              content: { 'text/event-stream': { schema: z.unknown() } },
            },
            ...problems(401, 429),
          },
        },
      },
      async (request, reply) => {
        const session = request.customerSession;
        if (!session) throw unauthenticated();
        const release = streams.acquire(session.tokenHash);
        const stream = new PassThrough();
        let stop: () => void;
        try {
          stop = await openLiveStream(ctx, session, {
            write: (chunk) => stream.write(chunk),
            end: () => stream.end(),
          });
        } catch (error) {
          release();
          throw error;
        }
        const end = () => {
          open.delete(end);
          release();
          stop();
          stream.end();
        };
        open.add(end);
        reply.raw.once('close', end);
        return reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('x-accel-buffering', 'no')
          .send(stream);
      },
    );
  };
