import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_SANCTIONS_LIST_BYTES, routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingOperator } from '../../http/operator-guard.ts';
import { registerRoute } from '../../http/register-route.ts';
import { importSanctionsList } from './import-list-service.ts';
import { listVersions } from './read-list-service.ts';
import { RAW_LIST_TYPES, readListFile } from './upload-request.ts';

const UPLOAD_LIMIT = { max: 20, timeWindow: '10 minutes' } as const;

/** The EU sanctions list in the back office (docs/screening.md#the-list), mounted under /api/backoffice. */
export const sanctionsListRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Only for this plugin's routes: a list is far larger than the other uploads.
    await app.register(multipart, {
      limits: { fileSize: MAX_SANCTIONS_LIST_BYTES, files: 1, fields: 4, parts: 5 },
    });
    // A raw XML body stays a stream until the handler, behind the operator guard, reads it.
    app.addContentTypeParser(RAW_LIST_TYPES, (_request, payload, done) => {
      done(null, payload);
    });

    registerRoute(app, routes.getBackofficeSanctionsLists, () => listVersions(ctx));

    registerRoute(
      app,
      routes.postBackofficeSanctionsLists,
      { config: { rateLimit: ctx.config.rateLimits ? { ...UPLOAD_LIMIT } : (false as const) } },
      async (request, reply) => {
        const operator = actingOperator(request);
        const xml = await readListFile(request);
        const result = await importSanctionsList(ctx, {
          xml,
          source: 'upload',
          loadedBy: operator.email,
          operatorId: operator.id,
        });
        return reply.status(result.unchanged ? 200 : 201).send(result);
      },
    );
  };
