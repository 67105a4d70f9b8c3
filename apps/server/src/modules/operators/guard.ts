import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperatorRole } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { COOKIE_OPTIONS, OPERATOR_COOKIE } from '../../http/cookies.ts';
import { requireRole, resolveOperatorSession, type OperatorPrincipal } from './auth-service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    operator?: OperatorPrincipal;
  }
}

/**
 * preHandler: a fully authenticated operator session (password + TOTP), idle and absolute limits
 * enforced here on every request; optionally one of `roles` (403 otherwise). Sets `request.operator`.
 */
export const operatorGuard =
  (ctx: AppContext, roles?: readonly OperatorRole[]) =>
  async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      request.operator = await resolveOperatorSession(ctx, request.cookies[OPERATOR_COOKIE]);
    } catch (error) {
      if (error instanceof AppError && error.status === 401)
        reply.clearCookie(OPERATOR_COOKIE, COOKIE_OPTIONS);
      throw error;
    }
    requireRole(request.operator, roles);
  };

/** The acting operator; only call behind `operatorGuard`. */
export function actingOperator(request: FastifyRequest): OperatorPrincipal {
  const operator = request.operator;
  if (!operator) throw new AppError('unauthenticated', 401, 'Veuillez vous connecter.');
  return operator;
}
