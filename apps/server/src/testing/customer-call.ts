import type { FastifyInstance } from 'fastify';
import { MUTATION } from './test-basics.ts';

export type CustomerMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One request of a signed-in customer through the HTTP layer: the session cookie, and on a mutation
 * the CSRF header (with a JSON body except on DELETE). Tests only.
 */
export const customerCall = (
  app: FastifyInstance,
  method: CustomerMethod,
  url: string,
  cookie: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method,
    url,
    headers: {
      ...(method === 'GET'
        ? {}
        : method === 'DELETE'
          ? { 'x-requested-with': MUTATION['x-requested-with'] }
          : MUTATION),
      cookie,
      ...headers,
    },
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: payload ?? {} }),
  });
