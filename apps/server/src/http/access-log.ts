import type { FastifyInstance } from 'fastify';
import { countHttpRequest, countHttpRequestEnd, countHttpRequestStart } from '../metrics/count.ts';
import { tracing } from '../tracing/port.ts';
import { REQUEST_ID_HEADER } from './request-id.ts';

/**
 * Every request: its id in the response's `X-Request-Id`, then once answered one `info` line —
 * method, route pattern (`/api/transfers/:id`, never the path itself, its ids or its query), status,
 * duration, request id — and the same figures in the HTTP metrics, which also count the requests in
 * flight. Nothing of the query, the body, the cookies or the headers reaches the line.
 */
export function accessLog(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    tracing().route(request.method, request.routeOptions.url ?? '(unmatched)');
    // In flight until the response ends: sent, or its connection closed first.
    countHttpRequestStart();
    reply.raw.once('close', countHttpRequestEnd);
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? '(unmatched)';
    const ms = reply.elapsedTime;
    countHttpRequest(request.method, route, reply.statusCode, ms / 1000);
    request.log.info(
      { method: request.method, route, status: reply.statusCode, ms: Math.round(ms * 10) / 10 },
      'request',
    );
  });
}
