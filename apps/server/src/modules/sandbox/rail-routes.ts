import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Problem, RailTestIbans } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { sandboxGuard } from './guard.ts';
import { railTestIbans } from './rail-test-ibans-service.ts';

/** The sandbox rail's test IBANs (sandbox mode only, under /api/sandbox; admin, compliance or the key). */
export const sandboxRailRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/rail-test-ibans',
      {
        preHandler: sandboxGuard(ctx),
        schema: {
          tags: ['sandbox'],
          summary: 'Other-bank IBANs of the sandbox rail and the outcome each triggers (rejections, timeout)',
          response: { 200: RailTestIbans, 401: Problem, 403: Problem },
        },
      },
      () => railTestIbans(),
    );
  };
