import { Problem } from '../problem.ts';
import { RailTestIbans } from '../sandbox-rail.ts';
import { defineRoute } from './define-route.ts';

/** The routes of sandbox/rail-routes.ts. */
export const sandboxRailRoutes = {
  getSandboxRailTestIbans: defineRoute({
    method: 'GET',
    path: '/api/sandbox/rail-test-ibans',
    auth: { sandbox: ['admin', 'compliance'] },
    tags: ['sandbox'],
    summary: 'Other-bank IBANs of the sandbox rail and the outcome each triggers (rejections, timeout)',
    response: { 200: RailTestIbans, 401: Problem, 403: Problem },
  }),
} as const;
