import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { createOperatorByAdmin } from './create-operator-service.ts';
import { listOperatorsForAdmin } from './list-operators-service.ts';
import { resetOperatorTotp } from './reset-totp-service.ts';
import { updateOperatorByAdmin } from './update-operator-service.ts';
import { actingOperator, operatorGuard } from '../../http/operator-guard.ts';
import { registerRoute } from '../../http/register-route.ts';

/** Operators management (docs/product/back-office.md#elsewhere, admin only), mounted under /api/backoffice. */
export const operatorAdminRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const admin = operatorGuard(ctx, ['admin']);

    registerRoute(app, routes.getBackofficeOperators, { preHandler: admin }, () =>
      listOperatorsForAdmin(ctx),
    );

    registerRoute(app, routes.postBackofficeOperators, { preHandler: admin }, async (request, reply) => {
      const created = await createOperatorByAdmin(ctx, actingOperator(request).id, request.body);
      reply.header('cache-control', 'no-store');
      return reply.status(201).send(created);
    });

    registerRoute(app, routes.patchBackofficeOperatorsById, { preHandler: admin }, (request) =>
      updateOperatorByAdmin(ctx, actingOperator(request).id, request.params.id, request.body),
    );

    registerRoute(
      app,
      routes.postBackofficeOperatorsByIdResetTotp,
      { preHandler: admin },
      async (request, reply) => {
        const reset = await resetOperatorTotp(ctx, actingOperator(request).id, request.params.id);
        reply.header('cache-control', 'no-store');
        return reset;
      },
    );
  };
