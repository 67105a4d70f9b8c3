import type { FastifyInstance } from 'fastify';
import { MUTATION } from '../../../testing/test-basics.ts';

/**
 * One request of the strong-authentication tests (never imported by production code): unlike
 * testing/customer-call.ts, a DELETE carries the mutation headers and an empty JSON body. A customer
 * with a second factor comes from testing/second-factor.ts.
 */
export const call = (
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  cookie: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method,
    url,
    headers: { ...(method === 'GET' ? {} : MUTATION), cookie, ...headers },
    ...(payload === undefined ? (method === 'GET' ? {} : { payload: {} }) : { payload: payload as object }),
  });
