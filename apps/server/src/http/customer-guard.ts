// Error codes thrown here: account_not_yet_open, second_factor_required, session_already_active,
//   unauthenticated.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { COOKIE_OPTIONS, CUSTOMER_COOKIE } from './cookies.ts';
import type { CustomerSession } from './customer-principal.ts';

/** Resolves a cookie token to a live customer session (null when expired): auth's, attached by wiring.ts. */
export type CustomerSessionResolver = (
  ctx: AppContext,
  token: string | undefined,
) => Promise<CustomerSession | null>;

let resolveCustomerSession: CustomerSessionResolver = () =>
  Promise.reject(new Error('No customer session resolver: wire the application (wiring.ts) first.'));

/** Attaches the session resolver the customer guards use (wiring.ts). */
export function resolveCustomerSessionsWith(resolver: CustomerSessionResolver): void {
  resolveCustomerSession = resolver;
}

declare module 'fastify' {
  interface FastifyRequest {
    customerSession?: CustomerSession;
  }
}

async function liveSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const session = await resolveCustomerSession(ctx, request.cookies[CUSTOMER_COOKIE]);
  if (!session) {
    reply.clearCookie(CUSTOMER_COOKIE, COOKIE_OPTIONS);
    throw new AppError('unauthenticated');
  }
  return session;
}

/**
 * preHandler: a live, fully signed-in customer session of any status. A session still waiting for
 * its second factor is refused (401 `second_factor_required`): only the second-factor call and
 * logout take it.
 */
export const customerSession = (ctx: AppContext) => async (request: FastifyRequest, reply: FastifyReply) => {
  const session = await liveSession(ctx, request, reply);
  if (session.stage !== 'active') {
    throw new AppError('second_factor_required');
  }
  request.customerSession = session;
};

/** preHandler: a live session that waits for its second factor (login's second step only). */
export const awaitingSecondFactor =
  (ctx: AppContext) => async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await liveSession(ctx, request, reply);
    if (session.stage !== 'second_factor') {
      throw new AppError('session_already_active');
    }
    request.customerSession = session;
  };

/** preHandler: a live session of a customer whose account is open. */
export const activeCustomer = (ctx: AppContext) => {
  const base = customerSession(ctx);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await base(request, reply);
    if (request.customerSession?.status !== 'active') {
      throw new AppError('account_not_yet_open');
    }
  };
};

/** The acting customer's id; only call behind one of the guards above. */
export function actingCustomer(request: FastifyRequest): string {
  const id = request.customerSession?.customerId;
  if (!id) throw new AppError('unauthenticated');
  return id;
}
