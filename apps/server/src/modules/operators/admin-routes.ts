import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { inviteOperator } from './invite-operator-service.ts';
import { listOperatorsForAdmin } from './list-operators-service.ts';
import { resendInvitation } from './resend-invitation-service.ts';
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
      const invited = await inviteOperator(ctx, actingOperator(request).id, request.body);
      return reply.status(201).send(invited);
    });

    registerRoute(app, routes.patchBackofficeOperatorsById, { preHandler: admin }, (request) =>
      updateOperatorByAdmin(ctx, actingOperator(request).id, request.params.id, request.body),
    );

    registerRoute(app, routes.postBackofficeOperatorsByIdResetTotp, { preHandler: admin }, (request) =>
      resetOperatorTotp(ctx, actingOperator(request).id, request.params.id),
    );

    registerRoute(app, routes.postBackofficeOperatorsByIdInvitation, { preHandler: admin }, (request) =>
      resendInvitation(ctx, actingOperator(request).id, request.params.id),
    );
  };
