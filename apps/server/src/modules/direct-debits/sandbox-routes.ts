import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { registerRoute } from '../../http/register-route.ts';
import { sandboxActor } from '../../http/sandbox-guard.ts';
import { announceDirectDebit } from './intake-service.ts';
import { presentDirectDebit } from './present-service.ts';

/**
 * The creditor's bank, simulated (registered under /api/sandbox only in sandbox mode): an admin or
 * compliance operator session, or the sandbox key.
 */
export const directDebitSandboxRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, routes.postSandboxDirectDebits, async (request, reply) => {
      const result = await announceDirectDebit(
        ctx,
        sandboxActor(request),
        request.needed.idempotencyKey,
        request.body,
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(result.body);
    });

    registerRoute(app, routes.postSandboxDirectDebitsPresent, (request) =>
      presentDirectDebit(ctx, sandboxActor(request), request.params.id),
    );
  };
