import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { sandboxActor, sandboxGuard } from '../../http/sandbox-guard.ts';
import { authorizeCardPayment } from './authorize-service.ts';
import { clearCardAuthorization } from './clear-service.ts';
import { refundCardPayment } from './refund-service.ts';
import { registerRoute } from '../../http/register-route.ts';

const idempotencyKey = (value: string | string[] | undefined) =>
  typeof value === 'string' ? value : undefined;

/**
 * The sandbox card network (registered under /api/sandbox only in sandbox mode): authorisations,
 * clearings and refunds, for an admin or compliance operator session or the sandbox key.
 */
export const cardSandboxRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const guard = sandboxGuard(ctx);
    registerRoute(
      app,
      routes.postSandboxCardAuthorizations,
      { preHandler: guard },
      async (request, reply) => {
        const result = await authorizeCardPayment(
          ctx,
          sandboxActor(request),
          idempotencyKey(request.headers['idempotency-key']),
          request.body,
        );
        if (result.replayed) reply.header('idempotent-replayed', 'true');
        return reply.status(200).send(result.body);
      },
    );

    registerRoute(app, routes.postSandboxCardClearings, { preHandler: guard }, async (request) =>
      clearCardAuthorization(ctx, sandboxActor(request), request.body),
    );

    registerRoute(app, routes.postSandboxCardRefunds, { preHandler: guard }, async (request, reply) => {
      const result = await refundCardPayment(
        ctx,
        sandboxActor(request),
        idempotencyKey(request.headers['idempotency-key']),
        request.body,
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(result.status as 201).send(result.body);
    });
  };
