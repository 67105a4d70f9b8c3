import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type OperatorRole, routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingOperator, operatorGuard } from '../../http/operator-guard.ts';
import { registerRoute } from '../../http/register-route.ts';
import { customerDirectDebits, listClaimsForOperator } from './backoffice-read-service.ts';
import { decideDirectDebitClaim } from './decide-claim-service.ts';

/** Who decides a direct-debit claim: compliance, as for identity change requests; every operator reads. */
export const CLAIM_DECIDERS: readonly OperatorRole[] = ['admin', 'compliance'];

/** The operators' side of direct debits (docs/direct-debits.md#back-office), mounted under /api/backoffice. */
export const directDebitBackofficeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const anyOperator = { preHandler: operatorGuard(ctx) };
    const deciders = { preHandler: operatorGuard(ctx, CLAIM_DECIDERS) };

    registerRoute(app, routes.getBackofficeCustomersByIdDirectDebits, anyOperator, (request) =>
      customerDirectDebits(ctx, request.params.id),
    );
    registerRoute(app, routes.getBackofficeDirectDebitClaims, anyOperator, (request) =>
      listClaimsForOperator(ctx, request.query.status),
    );
    registerRoute(app, routes.postBackofficeDirectDebitClaimsByIdDecision, deciders, (request) =>
      decideDirectDebitClaim(ctx, actingOperator(request), request.params.id, request.body),
    );
  };
