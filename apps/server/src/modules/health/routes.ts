import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { problem, sendProblem } from '../../http/problem.ts';
import { databaseAnswers } from './service.ts';

export const healthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      { schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } } },
      async (_request, reply) => {
        if (await databaseAnswers(ctx)) return { status: 'ok' as const };
        return sendProblem(reply, problem(503, 'unavailable', 'La base de données ne répond pas.'));
      },
    );
  };
