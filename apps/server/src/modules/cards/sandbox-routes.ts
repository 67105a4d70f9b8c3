import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { sandboxActor } from '../../http/sandbox-guard.ts';
import { authorizeCardPayment } from './authorize-service.ts';
import { clearCardAuthorization } from './clear-service.ts';
import { refundCardPayment } from './refund-service.ts';
import { registerRoute } from '../../http/register-route.ts';

/**
 * The sandbox card network (registered under /api/sandbox only in sandbox mode): authorisations,
 * clearings and refunds, for an admin or compliance operator session or the sandbox key.
 */
export const cardSandboxRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, routes.postSandboxCardAuthorizations, async (request, reply) => {
      const result = await authorizeCardPayment(
        ctx,
        sandboxActor(request),
        request.needed.idempotencyKey,
        request.body,
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(200).send(result.body);
    });

    registerRoute(app, routes.postSandboxCardClearings, async (request) =>
      clearCardAuthorization(ctx, sandboxActor(request), request.body),
    );

    registerRoute(app, routes.postSandboxCardRefunds, async (request, reply) => {
      const result = await refundCardPayment(
        ctx,
        sandboxActor(request),
        request.needed.idempotencyKey,
        request.body,
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(result.status as 201).send(result.body);
    });
  };
