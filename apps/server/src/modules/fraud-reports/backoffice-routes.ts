import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingOperator } from '../../http/operator-guard.ts';
import { registerRoute } from '../../http/register-route.ts';
import { sendStoredFile } from '../../http/stored-file.ts';
import { decideFraudReport } from './decision-service.ts';
import { viewFraudReportFile } from './file-service.ts';
import { flaggedPayeesCsv } from './flagged-csv-service.ts';
import { getFraudReport, listFraudReportQueue } from './list-service.ts';

/** « Fraudes signalées » (docs/fraud-reports.md), under /api/backoffice. */
export const fraudReportBackofficeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, routes.getBackofficeFraudReports, (request) =>
      listFraudReportQueue(ctx, request.query.status),
    );
    registerRoute(app, routes.getBackofficeFraudReportsById, (request) =>
      getFraudReport(ctx, request.params.id),
    );
    registerRoute(app, routes.getBackofficeFraudReportsByIdFile, async (request, reply) =>
      sendStoredFile(reply, await viewFraudReportFile(ctx, actingOperator(request), request.params.id)),
    );
    registerRoute(app, routes.getBackofficeFlaggedPayeesCsv, async (request, reply) => {
      const file = await flaggedPayeesCsv(ctx, actingOperator(request));
      return sendStoredFile(reply, { mime: 'text/csv; charset=utf-8', ...file });
    });
    registerRoute(app, routes.postBackofficeFraudReportsByIdDecision, (request) =>
      decideFraudReport(ctx, actingOperator(request), request.params.id, request.body),
    );
  };
