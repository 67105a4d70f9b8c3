import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { problem, sendProblem } from '../../http/problem.ts';
import { databaseAnswers } from './service.ts';
import { routes } from '@comptoir/contracts';
import { registerRoute } from '../../http/register-route.ts';

export const healthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, routes.getHealth, async (_request, reply) => {
      if (await databaseAnswers(ctx)) return { status: 'ok' as const };
      return sendProblem(reply, problem(503, 'unavailable', 'La base de données ne répond pas.'));
    });
  };
