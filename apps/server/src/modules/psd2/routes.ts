import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingCustomer } from '../../http/customer-guard.ts';
import { actingOperator } from '../../http/operator-guard.ts';
import { registerRoute } from '../../http/register-route.ts';
import { approveAuthorisation } from './authorisation-approve-service.ts';
import { denyAuthorisation } from './authorisation-deny-service.ts';
import { viewAuthorisation } from './authorisation-view-service.ts';
import { revokeConsent } from './consent-revoke-service.ts';
import { listCustomerConsents } from './consents-list-service.ts';
import { createFundsConsent } from './funds-consent-create-service.ts';
import { listPendingAuthorisations } from './pending-authorisations-service.ts';
import { issueSandboxTppCertificate } from './sandbox-authority.ts';
import { blockSeenTpp, listSeenTpps } from './tpps-service.ts';

/** The customer's side of open banking, under `/api` (docs/psd2.md#the-customers-side). */
export const psd2CustomerRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, routes.getPsd2Authorisations, (request) =>
      listPendingAuthorisations(ctx, actingCustomer(request)),
    );
    registerRoute(app, routes.getPsd2AuthorisationsById, (request) =>
      viewAuthorisation(ctx, actingCustomer(request), request.params.id),
    );
    registerRoute(app, routes.postPsd2AuthorisationsByIdApprove, (request) =>
      approveAuthorisation(
        ctx,
        actingCustomer(request),
        request.params.id,
        request.body,
        request.needed.scaToken,
      ),
    );
    registerRoute(app, routes.postPsd2AuthorisationsByIdDeny, (request) =>
      denyAuthorisation(ctx, actingCustomer(request), request.params.id),
    );
    registerRoute(app, routes.getPsd2Consents, (request) =>
      listCustomerConsents(ctx, actingCustomer(request)),
    );
    registerRoute(app, routes.postPsd2FundsConsents, async (request, reply) =>
      reply
        .status(201)
        .send(await createFundsConsent(ctx, actingCustomer(request), request.body, request.needed.scaToken)),
    );
    registerRoute(app, routes.postPsd2ConsentsByIdRevoke, (request) =>
      revokeConsent(ctx, actingCustomer(request), request.params.id),
    );
  };

/** The TPPs seen, for admin and compliance, under `/api/backoffice`. */
export const psd2BackofficeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, routes.getBackofficePsd2Tpps, () => listSeenTpps(ctx));
    registerRoute(app, routes.postBackofficePsd2TppsByIdBlock, (request) =>
      blockSeenTpp(ctx, actingOperator(request), request.params.id, request.body.reason),
    );
  };

/** The sandbox's certificate issuer, under `/api/sandbox` in sandbox mode only. */
export const psd2SandboxRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, routes.postSandboxPsd2Certificates, async (request, reply) =>
      reply.status(201).send(await issueSandboxTppCertificate(ctx, request.body)),
    );
  };
