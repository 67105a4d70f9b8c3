import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreatedOperator,
  CreateOperatorRequest,
  OperatorList,
  OperatorListItem,
  Problem,
  ResetOperatorTotp,
  UpdateOperatorRequest,
} from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { createOperatorByAdmin } from './create-operator-service.ts';
import { listOperatorsForAdmin } from './list-operators-service.ts';
import { resetOperatorTotp } from './reset-totp-service.ts';
import { updateOperatorByAdmin } from './update-operator-service.ts';
import { actingOperator, operatorGuard } from './guard.ts';

const IdParams = z.object({ id: z.string().max(64) });

/** Operators management (SPEC §7, admin only), mounted under /api/backoffice. */
export const operatorAdminRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const admin = operatorGuard(ctx, ['admin']);

    app.get(
      '/operators',
      {
        preHandler: admin,
        schema: {
          tags: ['backoffice'],
          summary: 'Every operator (admin)',
          response: { 200: OperatorList, 401: Problem, 403: Problem },
        },
      },
      () => listOperatorsForAdmin(ctx),
    );

    app.post(
      '/operators',
      {
        preHandler: admin,
        schema: {
          tags: ['backoffice'],
          summary: 'Create an operator (admin); the TOTP secret is returned once',
          body: CreateOperatorRequest,
          response: {
            201: CreatedOperator,
            400: Problem,
            401: Problem,
            403: Problem,
            409: Problem,
            422: Problem,
          },
        },
      },
      async (request, reply) => {
        const created = await createOperatorByAdmin(ctx, actingOperator(request).id, request.body);
        reply.header('cache-control', 'no-store');
        return reply.status(201).send(created);
      },
    );

    app.patch(
      '/operators/:id',
      {
        preHandler: admin,
        schema: {
          tags: ['backoffice'],
          summary: 'Rename, change role, deactivate or reactivate an operator (admin)',
          params: IdParams,
          body: UpdateOperatorRequest,
          response: {
            200: OperatorListItem,
            400: Problem,
            401: Problem,
            403: Problem,
            404: Problem,
            409: Problem,
          },
        },
      },
      (request) => updateOperatorByAdmin(ctx, actingOperator(request).id, request.params.id, request.body),
    );

    app.post(
      '/operators/:id/reset-totp',
      {
        preHandler: admin,
        schema: {
          tags: ['backoffice'],
          summary: 'New TOTP secret for an operator (admin); returned once, sessions ended',
          params: IdParams,
          response: { 200: ResetOperatorTotp, 400: Problem, 401: Problem, 403: Problem, 404: Problem },
        },
      },
      async (request, reply) => {
        const reset = await resetOperatorTotp(ctx, actingOperator(request).id, request.params.id);
        reply.header('cache-control', 'no-store');
        return reset;
      },
    );
  };
