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

async function liveSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const session = await resolveCustomerSession(ctx, request.cookies[CUSTOMER_COOKIE]);
  if (!session) {
    reply.clearCookie(CUSTOMER_COOKIE, COOKIE_OPTIONS);
    throw new AppError('unauthenticated', 401, 'Votre session a expiré. Veuillez vous reconnecter.');
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
    throw new AppError(
      'second_factor_required',
      401,
      'Saisissez votre code de vérification ou utilisez votre clé d’accès pour terminer la connexion.',
    );
  }
  request.customerSession = session;
};

/** preHandler: a live session that waits for its second factor (login's second step only). */
export const awaitingSecondFactor =
  (ctx: AppContext) => async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await liveSession(ctx, request, reply);
    if (session.stage !== 'second_factor') {
      throw new AppError('conflict', 409, 'Cette session est déjà ouverte.');
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
