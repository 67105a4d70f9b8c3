import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingOperator } from '../../http/operator-guard.ts';
import { registerRoute } from '../../http/register-route.ts';
import { customerDirectDebits, listClaimsForOperator } from './backoffice-read-service.ts';
import { decideDirectDebitClaim } from './decide-claim-service.ts';

/** The operators' side of direct debits (docs/direct-debits.md#back-office), mounted under /api/backoffice. */
export const directDebitBackofficeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, routes.getBackofficeCustomersByIdDirectDebits, (request) =>
      customerDirectDebits(ctx, request.params.id),
    );
    registerRoute(app, routes.getBackofficeDirectDebitClaims, (request) =>
      listClaimsForOperator(ctx, request.query.status),
    );
    registerRoute(app, routes.postBackofficeDirectDebitClaimsByIdDecision, (request) =>
      decideDirectDebitClaim(ctx, actingOperator(request), request.params.id, request.body),
    );
  };
