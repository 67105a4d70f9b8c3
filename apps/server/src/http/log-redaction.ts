import type { FastifyRequest } from 'fastify';

/**
 * A request URL as it may be logged: the path, and the names of the query parameters with their
 * values replaced. Query strings carry one-time tokens (`/change-password?token=…`,
 * `/check-your-mailbox?token=…`) and addresses (`/dev/mailbox?to=…`): none of it reaches the log.
 */
export function loggableUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const [query = ''] = url.slice(mark + 1).split('#');
  const names = query
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) =>
      pair.includes('=') ? `${safeName(pair.slice(0, pair.indexOf('=')))}=[redacted]` : '[redacted]',
    );
  return `${url.slice(0, mark)}?${names.join('&')}`;
}

/** A parameter name is kept when it looks like one (a short word); a bare `?value` is not a name. */
const safeName = (name: string): string => (/^[\w.-]{1,24}$/.test(name) ? name : '[redacted]');

/** Pino's `req` serializer: what Fastify logs of each request, with the query string redacted. */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggableUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
