import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ClosedSpace,
  CreateSpaceRequest,
  Problem,
  Space,
  SpaceMove,
  SpaceMoveRequest,
  UpdateSpaceRequest,
} from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingCustomer, activeCustomer } from '../auth/guard.ts';
import { closeSpace } from './close-space-service.ts';
import { createSpace } from './create-space-service.ts';
import { moveSpaceMoney } from './move-service.ts';
import { updateSpace } from './update-space-service.ts';
import { problems } from '../../http/openapi-problems.ts';

const SpaceParams = z.object({ id: z.string().max(20) });

const header = (value: string | string[] | undefined): string | undefined =>
  typeof value === 'string' && value.length > 0 ? value : undefined;

/** « Espaces »: the signed-in customer's sub-accounts (SPEC §5, §10). Listed by `GET /api/accounts`. */
export const spaceRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', activeCustomer(ctx));

    app.post(
      '/spaces',
      {
        schema: {
          tags: ['spaces'],
          summary: 'Open an Espace (sub-account without IBAN), at most 10 open per customer',
          body: CreateSpaceRequest,
          response: { 201: Space, 400: Problem, 401: Problem, 403: Problem, 404: Problem, 409: Problem },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createSpace(ctx, actingCustomer(request), request.body)),
    );

    app.patch(
      '/spaces/:id',
      {
        schema: {
          tags: ['spaces'],
          summary: 'Rename an Espace, change or remove its goal',
          params: SpaceParams,
          body: UpdateSpaceRequest,
          response: { 200: Space, 400: Problem, 401: Problem, 403: Problem, 404: Problem },
        },
      },
      (request) => updateSpace(ctx, actingCustomer(request), request.params.id, request.body),
    );

    app.delete(
      '/spaces/:id',
      {
        schema: {
          tags: ['spaces'],
          summary: 'Close an Espace whose balance is zero (its history stays)',
          params: SpaceParams,
          response: {
            200: ClosedSpace,
            ...problems(400, 401, 403, 404, 409),
          },
        },
      },
      (request) => closeSpace(ctx, actingCustomer(request), request.params.id),
    );

    app.post(
      '/spaces/:id/moves',
      {
        schema: {
          tags: ['spaces'],
          summary:
            'Move money between the main account and an Espace, at once (Idempotency-Key required; no SCA: own accounts)',
          params: SpaceParams,
          body: SpaceMoveRequest,
          response: {
            201: SpaceMove,
            ...problems(400, 401, 403, 404, 409, 422),
          },
        },
      },
      async (request, reply) => {
        const result = await moveSpaceMoney(ctx, actingCustomer(request), {
          idParam: request.params.id,
          idempotencyKey: header(request.headers['idempotency-key']),
          body: request.body,
        });
        if (result.replayed) reply.header('idempotent-replayed', 'true');
        return reply.status(201).send(result.body);
      },
    );
  };
