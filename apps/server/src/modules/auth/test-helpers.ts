import { expect, vi } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { CustomerStatus } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { createCustomer, openMainAccount } from '../customers/index.ts';
import { listMailbox, type MailboxEntry } from '../../mail/mailbox.ts';
import { MUTATION, uniqueEmail } from '../../testing/test-context.ts';
import { CUSTOMER_COOKIE } from '../../http/cookies.ts';
import { sendRequestedPasswordResets } from './password-reset-service.ts';

/** Test factories and HTTP helpers for the auth tests (never imported by production code). */

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

export const getMe = (app: FastifyInstance, cookie: string) =>
  app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });

export const post = (app: FastifyInstance, url: string, payload: unknown, cookie?: string) =>
  app.inject({
    method: 'POST',
    url,
    headers: { ...MUTATION, ...(cookie ? { cookie } : {}) },
    payload: payload as object,
  });

/** Mails of the outbox to one address, newest first (the sandbox mailbox view). */
export const mailsTo = (ctx: AppContext, to: string): Promise<MailboxEntry[]> => listMailbox(ctx, to);

/** The value of `param` in the first link of the newest mail to `to` whose link carries it. */
export async function tokenFromMail(ctx: AppContext, to: string, param: string): Promise<string> {
  for (const mail of await mailsTo(ctx, to)) {
    for (const link of mail.links) {
      const value = new URL(link).searchParams.get(param);
      if (value) return value;
    }
  }
  throw new Error(`no mail to ${to} with a link carrying ${param}`);
}

/**
 * Runs the reset job (the server runs it every second) until the queued requests for `email` are
 * handled. Test files share one PostgreSQL database: another file may hold a request (SKIP LOCKED)
 * or have queued many before this one.
 */
export async function handleResetRequests(ctx: AppContext, email: string): Promise<void> {
  await vi.waitFor(
    async () => {
      await sendRequestedPasswordResets(ctx);
      const { rows } = await ctx.db.query(
        'select 1 from password_reset_requests where lower(email) = lower($1)',
        [email],
      );
      expect(rows).toHaveLength(0);
    },
    { timeout: 20_000, interval: 20 },
  );
}
