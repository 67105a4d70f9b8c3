import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { COOKIE_OPTIONS, CUSTOMER_COOKIE } from '../../http/cookies.ts';
import { resolveCustomerSession, type CustomerSession } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    customerSession?: CustomerSession;
  }
}

/** preHandler: a live customer session of any status. */
export const customerSession = (ctx: AppContext) => async (request: FastifyRequest, reply: FastifyReply) => {
  const session = await resolveCustomerSession(ctx, request.cookies[CUSTOMER_COOKIE]);
  if (!session) {
    reply.clearCookie(CUSTOMER_COOKIE, COOKIE_OPTIONS);
    throw new AppError('unauthenticated', 401, 'Votre session a expiré. Veuillez vous reconnecter.');
  }
  request.customerSession = session;
};

/** preHandler: a live session of a customer whose account is open. */
export const activeCustomer = (ctx: AppContext) => {
  const base = customerSession(ctx);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await base(request, reply);
    if (request.customerSession?.status !== 'active') {
      throw new AppError('forbidden', 403, 'Votre compte n’est pas encore ouvert.');
    }
  };
};

/** The acting customer's id; only call behind one of the guards above. */
export function actingCustomer(request: FastifyRequest): string {
  const id = request.customerSession?.customerId;
  if (!id) throw new AppError('unauthenticated', 401, 'Veuillez vous connecter.');
  return id;
}
