import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_DOCUMENT_BYTES, routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingCustomer } from '../../http/customer-guard.ts';
import { registerRoute } from '../../http/register-route.ts';
import { listOwnFraudReports } from './list-service.ts';
import { readFraudReport } from './read-report.ts';
import { reportFraud } from './report-service.ts';

const REPORT_LIMIT = { max: 10, timeWindow: '10 minutes' } as const;

/** The customer's fraud reports (docs/fraud-reports.md), mounted under /api. */
export const fraudReportRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Only for this plugin's routes; the stream is cut at 10 MB, whatever the client claims.
    await app.register(multipart, {
      limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 4, parts: 5 },
    });
    registerRoute(app, routes.getFraudReports, (request) =>
      listOwnFraudReports(ctx, actingCustomer(request)),
    );
    registerRoute(
      app,
      routes.postFraudReports,
      { config: { rateLimit: ctx.config.rateLimits ? { ...REPORT_LIMIT } : (false as const) } },
      async (request, reply) => {
        const { body, bytes } = await readFraudReport(request);
        return reply.status(201).send(await reportFraud(ctx, actingCustomer(request), body, bytes));
      },
    );
  };
