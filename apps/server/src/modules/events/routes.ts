// Error codes thrown here: unauthenticated.
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { liveHub } from './hub.ts';
import { openLiveStream } from './live-service.ts';
import { Redis } from 'ioredis';
import { redisSlotStore } from './redis-stream-slots.ts';
import { databaseSlotStore, StreamLimit } from './stream-limit.ts';
import { routes } from '@comptoir/contracts';
import { registerRoute } from '../../http/register-route.ts';

/**
 * The id of the last event the client received: the `Last-Event-ID` header EventSource sends when it
 * reconnects, or the `lastEventId` query of a new EventSource (the header wins).
 */
function lastEventId(header: string | string[] | undefined, query: string | undefined): number | undefined {
  const value = typeof header === 'string' && /^\d{1,15}$/.test(header.trim()) ? header.trim() : query;
  return value === undefined ? undefined : Number(value);
}

/** Sent to every open stream as the instance shuts down: reconnect in half a second (elsewhere). */
export const SHUTDOWN_RETRY = ': server shutting down\nretry: 500\n\n';

/** Server-Sent Events for the signed-in customer (registered under /api). */
export const eventRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Open streams never end by themselves: end them when the server stops, or it would wait for them.
    const open = new Map<() => void, PassThrough>();
    const releasing = new Set<Promise<void>>();
    // Counted across instances: in Redis when REDIS_URL is set, else in the database.
    const redis = ctx.config.redisUrl ? new Redis(ctx.config.redisUrl, { maxRetriesPerRequest: 1 }) : null;
    redis?.on('error', () => undefined);
    const streams = new StreamLimit(
      redis ? redisSlotStore(redis, ctx.config.rateLimitNamespace) : databaseSlotStore(ctx.db),
    );
    app.addHook('preClose', async () => {
      // The browser's EventSource reconnects by itself, soon, and reaches another instance, which
      // replays what it missed (Last-Event-ID).
      for (const [end, stream] of [...open]) {
        stream.write(SHUTDOWN_RETRY);
        end();
      }
      await Promise.all([...releasing]);
    });
    app.addHook('onClose', async () => {
      await redis?.quit().catch(() => redis.disconnect());
      await liveHub(ctx.db).close();
    });

    registerRoute(app, routes.getEvents, async (request, reply) => {
      const session = request.customerSession;
      if (!session) throw new AppError('unauthenticated');
      const slot = await streams.acquire(session.tokenHash, session.customerId);
      const release = () => {
        const done = slot.release();
        releasing.add(done);
        void done.then(() => releasing.delete(done));
      };
      const stream = new PassThrough();
      let stop: () => void;
      try {
        stop = await openLiveStream(
          ctx,
          session,
          { write: (chunk) => stream.write(chunk), end: () => stream.end() },
          {
            lastEventId: lastEventId(request.headers['last-event-id'], request.query.lastEventId),
            onHeartbeat: () => slot.renew(),
          },
        );
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
