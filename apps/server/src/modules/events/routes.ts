// Error codes thrown here: unauthenticated.
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { customerSession } from '../../http/customer-guard.ts';
import { AppError } from '../../errors.ts';
import { liveHub } from './hub.ts';
import { openLiveStream } from './live-service.ts';
import { StreamLimit } from './stream-limit.ts';
import { routes } from '@comptoir/contracts';
import { registerRoute } from '../../http/register-route.ts';

/** Sent to every open stream as the instance shuts down: reconnect in half a second (elsewhere). */
export const SHUTDOWN_RETRY = ': server shutting down\nretry: 500\n\n';

/** Server-Sent Events for the signed-in customer (registered under /api). */
export const eventRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Open streams never end by themselves: end them when the server stops, or it would wait for them.
    const open = new Map<() => void, PassThrough>();
    const streams = new StreamLimit();
    app.addHook('preClose', async () => {
      // The browser's EventSource reconnects by itself, soon, and reaches another instance.
      for (const [end, stream] of [...open]) {
        stream.write(SHUTDOWN_RETRY);
        end();
      }
    });
    app.addHook('onClose', async () => {
      await liveHub(ctx.db).close();
    });

    registerRoute(app, routes.getEvents, { preHandler: customerSession(ctx) }, async (request, reply) => {
      const session = request.customerSession;
      if (!session) throw new AppError('unauthenticated');
      const release = streams.acquire(session.tokenHash, session.customerId);
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
      open.set(end, stream);
      reply.raw.once('close', end);
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .send(stream);
    });
  };
