import { z } from 'zod';

import { defineRoute } from './define-route.ts';

/** The routes of health/routes.ts. */
export const healthRoutes = {
  getHealth: defineRoute({
    method: 'GET',
    path: '/api/health',
    auth: 'public',
    tags: ['health'],
    summary: 'Liveness and database readiness',
    response: { 200: z.object({ status: z.literal('ok') }) },
  }),
} as const;
