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

/**
 * Pino's `err` serializer: name, message, code and stack only. Database errors carry the failed
 * statement's `params` (token hashes, personal data) as properties, and their message may quote a
 * value; of those, only the SQLSTATE and where it was thrown reach the log.
 */
export function errorLogSerializer(error: unknown): {
  type: string;
  message: string;
  stack: string;
  code?: string;
} {
  if (!(error instanceof Error)) return { type: typeof error, message: 'non-error thrown', stack: '' };
  const code = (error as { code?: unknown }).code;
  const stack = error.stack ?? '';
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && 'severity' in error) {
    return {
      type: error.name,
      code,
      message: `database error ${code}`,
      stack: stack.split('\n').slice(1).join('\n'),
    };
  }
  return { type: error.name, message: error.message, stack, ...(typeof code === 'string' ? { code } : {}) };
}
