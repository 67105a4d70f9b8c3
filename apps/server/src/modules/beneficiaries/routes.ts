import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingCustomer } from '../../http/customer-guard.ts';
import { addBeneficiary } from './add-service.ts';
import { removeBeneficiary } from './delete-service.ts';
import { listBeneficiaries } from './list-service.ts';
import { verifyPayee } from './payee-verification-service.ts';
import { registerRoute } from '../../http/register-route.ts';

/**
 * Verification of Payee can be used to probe names behind IBANs: limited per customer (whatever
 * the session), counted after the session guard has identified them.
 */
export const PAYEE_VERIFICATION_LIMIT = { max: 20, timeWindow: '10 minutes' } as const;

/** Beneficiaries and Verification of Payee (docs/product/transfers.md), under `/api`. */
export const beneficiaryRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, routes.getBeneficiaries, (request) => listBeneficiaries(ctx, actingCustomer(request)));

    registerRoute(app, routes.postBeneficiaries, async (request, reply) => {
      const created = await addBeneficiary(
        ctx,
        actingCustomer(request),
        request.body,
        request.needed.scaToken,
      );
      return reply.status(201).send(created);
    });

    registerRoute(app, routes.deleteBeneficiariesById, async (request, reply) => {
      await removeBeneficiary(ctx, actingCustomer(request), request.params.id);
      return reply.status(204).send();
    });

    registerRoute(
      app,
      routes.postPayeeVerification,
      {
        config: {
          rateLimit: ctx.config.rateLimits
            ? {
                ...PAYEE_VERIFICATION_LIMIT,
                hook: 'preHandler',
                keyGenerator: (request: FastifyRequest) =>
                  `payee-verification:${request.customerSession?.customerId ?? request.ip}`,
              }
            : false,
        },
      },
      (request) => verifyPayee(ctx, request.body),
    );
  };
