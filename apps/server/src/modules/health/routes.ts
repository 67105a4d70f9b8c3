import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { problem, sendProblem } from '../../http/problem.ts';
import { databaseAnswers, readiness, type Readiness } from './service.ts';
import { routes } from '@comptoir/contracts';
import { registerRoute } from '../../http/register-route.ts';

const NOT_READY: Record<Exclude<Readiness, 'ready'>, string> = {
  draining: 'Le serveur s’arrête : les nouvelles requêtes vont à une autre instance.',
  database: 'La base de données ne répond pas.',
  migrations: 'Des migrations de la base de données ne sont pas encore appliquées.',
};

export const healthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, routes.getHealth, async (_request, reply) => {
      if (await databaseAnswers(ctx)) return { status: 'ok' as const };
      return sendProblem(reply, problem(503, 'unavailable', 'La base de données ne répond pas.'));
    });
    registerRoute(app, routes.getHealthLive, () => ({ status: 'ok' as const }));
    registerRoute(app, routes.getHealthReady, async (_request, reply) => {
      const state = await readiness(ctx);
      if (state === 'ready') return { status: 'ok' as const };
      return sendProblem(reply, problem(503, 'unavailable', NOT_READY[state]));
    });
  };
