// Error codes thrown here: forbidden, unauthenticated.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperatorRole } from '@comptoir/contracts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { COOKIE_OPTIONS, OPERATOR_COOKIE } from './cookies.ts';
import type { OperatorPrincipal } from './operator-principal.ts';

/** What the operator guard needs of the operators module, attached by wiring.ts. */
export interface OperatorSessions {
  /** Resolves a cookie token to the signed-in operator; throws 401 when there is none. */
  resolveOperatorSession: (ctx: AppContext, token: string | undefined) => Promise<OperatorPrincipal>;
  /** Throws 403 unless the operator holds one of `roles` (any role when none are given). */
  requireRole: (operator: OperatorPrincipal, roles: readonly OperatorRole[] | undefined) => void;
}

let operatorSessions: OperatorSessions | null = null;

/** Attaches the operator sessions the operator guards use (wiring.ts). */
export function resolveOperatorSessionsWith(sessions: OperatorSessions): void {
  operatorSessions = sessions;
}

function wired(): OperatorSessions {
  if (!operatorSessions) throw new Error('No operator sessions: wire the application (wiring.ts) first.');
  return operatorSessions;
}

declare module 'fastify' {
  interface FastifyRequest {
    operator?: OperatorPrincipal;
  }
}

/**
 * preHandler: a fully authenticated operator session (password + TOTP), idle and absolute limits
 * enforced here on every request, holding one of `roles` (403 otherwise). Sets `request.operator`.
 * Attached from the route table (route-guard.ts), never by a routes file.
 */
export const operatorGuard =
  (ctx: AppContext, roles: readonly OperatorRole[]) =>
  async (request: FastifyRequest, reply: FastifyReply) => {
    const { resolveOperatorSession, requireRole } = wired();
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
  if (!operator) throw new AppError('unauthenticated');
  return operator;
}
