import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { railTestIbans } from './rail-test-ibans-service.ts';
import { registerRoute } from '../../http/register-route.ts';

/** The sandbox rail's test IBANs (sandbox mode only, under /api/sandbox; admin, compliance or the key). */
export const sandboxRailRoutes =
  (_ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, routes.getSandboxRailTestIbans, () => railTestIbans());
  };
