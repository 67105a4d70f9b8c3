import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingCustomer } from '../../http/customer-guard.ts';
import { registerRoute } from '../../http/register-route.ts';
import { createClaim } from './claim-service.ts';
import { setLimits } from './limits-service.ts';
import { getSettings, listCollections, listMandates } from './read-service.ts';
import { refundCollection } from './refund-service.ts';
import { refuseCollection } from './refuse-service.ts';
import { revokeCustomerMandate } from './revoke-service.ts';
import { putSettings } from './settings-service.ts';

/**
 * The signed-in customer's direct debits (docs/direct-debits.md). None takes money out and each one
 * protects the customer (a refund only brings money back), so none asks for strong authentication.
 */
export const directDebitRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, routes.getDirectDebitsMandates, (request) =>
      listMandates(ctx, actingCustomer(request)),
    );
    registerRoute(app, routes.getDirectDebitsCollections, (request) =>
      listCollections(ctx, actingCustomer(request)),
    );
    registerRoute(app, routes.postDirectDebitsCollectionsRefuse, (request) =>
      refuseCollection(ctx, actingCustomer(request), request.params.id),
    );
    registerRoute(app, routes.postDirectDebitsCollectionsRefund, (request) =>
      refundCollection(ctx, actingCustomer(request), request.params.id),
    );
    registerRoute(app, routes.postDirectDebitsCollectionsClaims, async (request, reply) => {
      const claim = await createClaim(ctx, actingCustomer(request), request.params.id, request.body.reason);
      return reply.status(201).send(claim);
    });
    registerRoute(app, routes.postDirectDebitsMandatesRevoke, (request) =>
      revokeCustomerMandate(ctx, actingCustomer(request), request.params.id),
    );
    registerRoute(app, routes.putDirectDebitsMandatesLimits, (request) =>
      setLimits(ctx, actingCustomer(request), request.params.id, request.body),
    );
    registerRoute(app, routes.getDirectDebitsSettings, (request) =>
      getSettings(ctx, actingCustomer(request)),
    );
    registerRoute(app, routes.putDirectDebitsSettings, (request) =>
      putSettings(ctx, actingCustomer(request), request.body),
    );
  };
