import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { inviteOperator } from './invite-operator-service.ts';
import { listOperatorsForAdmin } from './list-operators-service.ts';
import { resendInvitation } from './resend-invitation-service.ts';
import { resetOperatorTotp } from './reset-totp-service.ts';
import { updateOperatorByAdmin } from './update-operator-service.ts';
import { actingOperator } from '../../http/operator-guard.ts';
import { registerRoute } from '../../http/register-route.ts';

/** Operators management (docs/product/back-office.md#elsewhere, admin only), mounted under /api/backoffice. */
export const operatorAdminRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, routes.getBackofficeOperators, () => listOperatorsForAdmin(ctx));

    registerRoute(app, routes.postBackofficeOperators, async (request, reply) => {
      const invited = await inviteOperator(ctx, actingOperator(request).id, request.body);
      return reply.status(201).send(invited);
    });

    registerRoute(app, routes.patchBackofficeOperatorsById, (request) =>
      updateOperatorByAdmin(ctx, actingOperator(request).id, request.params.id, request.body),
    );

    registerRoute(app, routes.postBackofficeOperatorsByIdResetTotp, (request) =>
      resetOperatorTotp(ctx, actingOperator(request).id, request.params.id),
    );

    registerRoute(app, routes.postBackofficeOperatorsByIdInvitation, (request) =>
      resendInvitation(ctx, actingOperator(request).id, request.params.id),
    );
  };
