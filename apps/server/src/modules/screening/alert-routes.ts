import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingOperator } from '../../http/operator-guard.ts';
import { registerRoute } from '../../http/register-route.ts';
import { approveScreeningConfirmation } from './alert-approve-service.ts';
import { decideScreeningAlert } from './alert-decision-service.ts';
import { getScreeningAlert, listScreeningAlerts } from './alert-list-service.ts';

/** The « Criblage » queue and its decisions (docs/screening.md#alerts-decisions-and-freezes), under /api/backoffice. */
export const screeningAlertRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, routes.getBackofficeScreeningAlerts, (request) =>
      listScreeningAlerts(ctx, request.query.status),
    );

    registerRoute(app, routes.getBackofficeScreeningAlertsById, (request) =>
      getScreeningAlert(ctx, request.params.id),
    );

    registerRoute(app, routes.postBackofficeScreeningAlertsByIdDecision, (request) =>
      decideScreeningAlert(ctx, actingOperator(request), request.params.id, request.body),
    );

    registerRoute(app, routes.postBackofficeScreeningAlertsByIdApprove, (request) =>
      approveScreeningConfirmation(ctx, actingOperator(request), request.params.id, request.body ?? {}),
    );
  };
