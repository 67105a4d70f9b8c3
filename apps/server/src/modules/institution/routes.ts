import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PublicInstitution } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { publicProfile } from './public-profile.ts';

export const institutionRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/institution', { schema: { tags: ['institution'], response: { 200: PublicInstitution } } }, () =>
      publicProfile(ctx.config.institution),
    );
  };
