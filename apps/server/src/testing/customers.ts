import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { CustomerStatus } from '@comptoir/contracts';
import type { AppContext } from '../context.ts';
import { CUSTOMER_COOKIE } from '../http/cookies.ts';
import { createCustomer } from '../modules/customers/index.ts';
import { openMainAccount } from '../modules/accounts/index.ts';
import { MUTATION, uniqueEmail } from './test-basics.ts';

// Customers made straight in the database and signed in through the HTTP layer: what most tests of
// every module start from, kept here so no module's test helpers need another module's.

export const PASSWORD = 'Trois-Poires-Vertes-42';

export interface TestCustomer {
  id: string;
  email: string;
  password: string;
}

/** A customer of the given status (default: active, with an open main account). */
export async function makeCustomer(
  ctx: AppContext,
  options: { status?: CustomerStatus; password?: string; firstName?: string; lastName?: string } = {},
): Promise<TestCustomer> {
  const email = uniqueEmail();
  const password = options.password ?? PASSWORD;
  const status = options.status ?? 'active';
  const row = await ctx.db.tx(async (q) => {
    const c = await createCustomer(q, {
      email,
      password,
      status: status === 'active' ? 'pending_review' : status,
      firstName: options.firstName ?? 'Camille',
      lastName: options.lastName ?? 'Martin',
    });
    if (status === 'active') await openMainAccount(ctx, q, c.id);
    return c;
  });
  return { id: row.id, email, password };
}

export const loginRequest = (app: FastifyInstance, email: string, password: string, remoteAddress?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: MUTATION,
    payload: { email, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

/** The `name=value` of the session cookie a response sets. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === CUSTOMER_COOKIE);
  if (!cookie?.value) throw new Error(`no session cookie (status ${res.statusCode}: ${res.body})`);
  return `${CUSTOMER_COOKIE}=${cookie.value}`;
}

/** Logs in and returns the Cookie header value. */
export async function signIn(app: FastifyInstance, c: TestCustomer): Promise<string> {
  const res = await loginRequest(app, c.email, c.password);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return sessionCookie(res);
}
