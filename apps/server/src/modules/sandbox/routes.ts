import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { sandboxActor } from '../../http/sandbox-guard.ts';
import { simulateIncomingTransfer } from './service.ts';
import { registerRoute } from '../../http/register-route.ts';

/**
 * Sandbox tools (registered under /api/sandbox only in sandbox mode): an admin or compliance operator
 * session, or the sandbox key (`Authorization: Bearer <SANDBOX_API_KEY>`) when one is configured.
 */
export const sandboxRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, routes.postSandboxIncomingTransfers, async (request, reply) => {
      const result = await simulateIncomingTransfer(
        ctx,
        sandboxActor(request),
        request.needed.idempotencyKey,
        request.body,
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(result.status as 201).send(result.body);
    });
  };
