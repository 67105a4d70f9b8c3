import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { actingOperator } from '../../http/operator-guard.ts';
import { registerRoute } from '../../http/register-route.ts';
import { customerScreenings } from './records-service.ts';
import { getScreeningSettings, updateScreeningSettings } from './settings-service.ts';
import { screeningStatus } from './status-service.ts';

/** The screening's records, state and threshold (docs/screening.md#screening), mounted under /api/backoffice. */
export const screeningRecordRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, routes.getBackofficeCustomersByIdScreenings, (request) =>
      customerScreenings(ctx, request.params.id, request.query),
    );
    registerRoute(app, routes.getBackofficeScreeningSettings, () => getScreeningSettings(ctx));
    registerRoute(app, routes.putBackofficeScreeningSettings, (request) =>
      updateScreeningSettings(ctx, actingOperator(request), request.body),
    );
    registerRoute(app, routes.getBackofficeScreeningStatus, () => screeningStatus(ctx));
  };
