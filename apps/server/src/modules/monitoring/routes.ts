import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingOperator } from '../../http/operator-guard.ts';
import { registerRoute } from '../../http/register-route.ts';
import { sendStoredFile } from '../../http/stored-file.ts';
import { approveMonitoringReport } from './case-approve-service.ts';
import { decideMonitoringCase } from './case-decision-service.ts';
import { getMonitoringCase, listMonitoringCases } from './case-list-service.ts';
import { addMonitoringNote } from './case-note-service.ts';
import { downloadMonitoringReport } from './report-files.ts';

/** The « Surveillance » queue and its decisions (docs/monitoring.md#cases), under /api/backoffice. */
export const monitoringRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, routes.getBackofficeMonitoringCases, (request) =>
      listMonitoringCases(ctx, request.query.status),
    );
    registerRoute(app, routes.getBackofficeMonitoringCasesById, (request) =>
      getMonitoringCase(ctx, request.params.id),
    );
    registerRoute(app, routes.postBackofficeMonitoringCasesByIdNotes, (request) =>
      addMonitoringNote(ctx, actingOperator(request), request.params.id, request.body),
    );
    registerRoute(app, routes.postBackofficeMonitoringCasesByIdDecision, (request) =>
      decideMonitoringCase(ctx, actingOperator(request), request.params.id, request.body),
    );
    registerRoute(app, routes.postBackofficeMonitoringCasesByIdApprove, (request) =>
      approveMonitoringReport(ctx, actingOperator(request), request.params.id, request.body ?? {}),
    );
    registerRoute(app, routes.getBackofficeMonitoringCasesByIdReportPdf, async (request, reply) =>
      sendStoredFile(
        reply,
        await downloadMonitoringReport(ctx, actingOperator(request), request.params.id, 'pdf'),
      ),
    );
    registerRoute(app, routes.getBackofficeMonitoringCasesByIdReportJson, async (request, reply) =>
      sendStoredFile(
        reply,
        await downloadMonitoringReport(ctx, actingOperator(request), request.params.id, 'json'),
      ),
    );
  };
