import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Account, Space } from '@comptoir/contracts';
import { z } from 'zod';
import { customerCall, type CustomerMethod } from '../../../testing/customer-call.ts';

/** HTTP helpers for the Espaces tests (never imported by production code). */

export type Method = CustomerMethod;

export const call = customerCall;

/** Opens an Espace; throws unless it answers 201. */
export async function createSpaceFor(
  app: FastifyInstance,
  cookie: string,
  body: { name: string; goal?: number } = { name: 'Vacances' },
): Promise<Space> {
  const res = await call(app, 'POST', '/api/spaces', cookie, body);
  if (res.statusCode !== 201) throw new Error(`create space: ${res.statusCode} ${res.body}`);
  return Space.parse(res.json());
}

/** `POST /api/spaces/{id}/moves` with a fresh Idempotency-Key unless one is given (null: none). */
export const moveMoney = (
  app: FastifyInstance,
  cookie: string,
  spaceId: string,
  body: unknown,
  key: string | null = `move-${randomUUID()}`,
) =>
  call(
    app,
    'POST',
    `/api/spaces/${spaceId}/moves`,
    cookie,
    body,
    key === null ? {} : { 'idempotency-key': key },
  );

export async function accountsOf(app: FastifyInstance, cookie: string): Promise<Account[]> {
  const res = await call(app, 'GET', '/api/accounts', cookie);
  if (res.statusCode !== 200) throw new Error(`accounts: ${res.statusCode} ${res.body}`);
  return z.array(Account).parse(res.json());
}
