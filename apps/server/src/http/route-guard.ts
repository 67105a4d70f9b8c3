import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteAuth } from '@comptoir/contracts';
import type { AppContext } from '../context.ts';
import { activeCustomer, awaitingSecondFactor, customerSession } from './customer-guard.ts';
import { operatorGuard } from './operator-guard.ts';
import { sandboxGuard } from './sandbox-guard.ts';

/** A preHandler that refuses a caller the route does not let through (401, 403). */
export type RouteGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * The guard of the callers a route's `auth` names (packages/contracts, define-route.ts). Null where no
 * session is checked before the handler: a public route, and the account-opening application, whose
 * cookie the onboarding services read themselves (a verification link works without it).
 */
export function routeGuard(ctx: AppContext, auth: RouteAuth): RouteGuard | null {
  if (typeof auth === 'object')
    return 'operator' in auth ? operatorGuard(ctx, auth.operator) : sandboxGuard(ctx, auth.sandbox);
  switch (auth) {
    case 'public':
    case 'application':
      return null;
    case 'login-second-factor':
      return awaitingSecondFactor(ctx);
    case 'customer-any-status':
      return customerSession(ctx);
    case 'customer':
      return activeCustomer(ctx);
  }
}

const GUARDS = 'routeGuards';
type GuardsOf = (auth: RouteAuth) => RouteGuard | null;

/**
 * Gives the application's routes their guards: registerRoute (register-route.ts) takes each route's
 * from here, so no routes file attaches one. Called by buildApp before any route is registered.
 */
export function provideRouteGuards(app: FastifyInstance, ctx: AppContext): void {
  app.decorate(GUARDS, ((auth) => routeGuard(ctx, auth)) satisfies GuardsOf);
}

/** The guard `auth` names on this application; throws when the application was given no guards. */
export function guardOf(app: FastifyInstance, auth: RouteAuth): RouteGuard | null {
  return app.getDecorator<GuardsOf>(GUARDS)(auth);
}
