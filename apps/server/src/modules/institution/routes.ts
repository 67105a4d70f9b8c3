import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { publicProfile } from './public-profile.ts';
import { registerRoute } from '../../http/register-route.ts';

export const institutionRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, routes.getInstitution, () =>
      publicProfile(ctx.config.institution, ctx.config.instantRailTimeoutMs),
    );
  };
