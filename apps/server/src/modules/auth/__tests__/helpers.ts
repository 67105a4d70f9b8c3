import { expect, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { MUTATION } from '../../../testing/test-basics.ts';
import { sendRequestedPasswordResets } from '../password-reset-service.ts';

/**
 * HTTP helpers and jobs of the auth tests (never imported by production code). Customers, made and
 * signed in, come from testing/customers.ts; their mail from testing/mailbox.ts.
 */

export const getMe = (app: FastifyInstance, cookie: string) =>
  app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });

export const post = (app: FastifyInstance, url: string, payload: unknown, cookie?: string) =>
  app.inject({
    method: 'POST',
    url,
    headers: { ...MUTATION, ...(cookie ? { cookie } : {}) },
    payload: payload as object,
  });

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
