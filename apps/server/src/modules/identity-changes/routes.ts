import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_DOCUMENT_BYTES, routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingCustomer } from '../../http/customer-guard.ts';
import { getOwnIdentityChange, listOwnIdentityChanges } from './list-service.ts';
import { requestIdentityChange } from './request-service.ts';
import { readIdentityChangeForm } from './upload-request.ts';
import { registerRoute } from '../../http/register-route.ts';

const REQUEST_LIMIT = { max: 10, timeWindow: '10 minutes' } as const;

/** The customer's side of identity change requests (docs/product/profile-and-security.md#profil), mounted under /api. */
export const identityChangeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Only for this plugin's routes; the stream is cut at 10 MB, whatever the client claims.
    await app.register(multipart, {
      limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 8, parts: 9 },
    });

    registerRoute(app, routes.getIdentityChangeRequests, (request) =>
      listOwnIdentityChanges(ctx, actingCustomer(request)),
    );

    registerRoute(app, routes.getIdentityChangeRequestsById, (request) =>
      getOwnIdentityChange(ctx, actingCustomer(request), request.params.id),
    );

    registerRoute(
      app,
      routes.postIdentityChangeRequests,
      { config: { rateLimit: ctx.config.rateLimits ? { ...REQUEST_LIMIT } : (false as const) } },
      async (request, reply) => {
        const { fields, bytes } = await readIdentityChangeForm(request);
        const created = await requestIdentityChange(ctx, actingCustomer(request), fields, bytes);
        return reply.status(201).send(created);
      },
    );
  };
