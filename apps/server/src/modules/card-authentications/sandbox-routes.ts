import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { registerRoute } from '../../http/register-route.ts';
import { sandboxActor } from '../../http/sandbox-guard.ts';
import { cardAuthenticationStatus } from './merchant-status-service.ts';
import { requestCardAuthentication } from './request-service.ts';

/**
 * A merchant's 3-D Secure server in the sandbox (registered under /api/sandbox only in sandbox
 * mode): asks for an authentication, then polls it — for an admin or compliance operator session or
 * the sandbox key.
 */
export const cardAuthenticationSandboxRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, routes.postSandbox3dsAuthentications, async (request, reply) =>
      reply.status(201).send(await requestCardAuthentication(ctx, sandboxActor(request), request.body)),
    );
    registerRoute(app, routes.getSandbox3dsAuthenticationsById, (request) =>
      cardAuthenticationStatus(ctx, request.params.id),
    );
  };
