import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

/** An id a proxy may hand us: short, and only characters that cannot forge a log line or a header. */
const SAFE_ID = /^[\w.:-]{1,64}$/;

/**
 * The request's id: the incoming `X-Request-Id` when it looks like one (set by nginx or a load
 * balancer, so one id follows the request through every hop), else a new UUID. Sent back in the
 * response's `X-Request-Id` and written on every log line of the request.
 */
export function requestIdOf(request: Pick<IncomingMessage, 'headers'>): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
}
