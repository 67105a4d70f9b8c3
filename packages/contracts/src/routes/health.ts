import { z } from 'zod';

import { defineRoute, problems } from './define-route.ts';

const Ok = z.object({ status: z.literal('ok') });

/** The routes of health/routes.ts. */
export const healthRoutes = {
  getHealth: defineRoute({
    method: 'GET',
    path: '/api/health',
    auth: 'public',
    tags: ['health'],
    summary: 'Liveness and database readiness',
    response: { 200: Ok },
  }),
  getHealthLive: defineRoute({
    method: 'GET',
    path: '/api/health/live',
    auth: 'public',
    tags: ['health'],
    summary: 'The process is up (restart it when this fails)',
    response: { 200: Ok },
  }),
  getHealthReady: defineRoute({
    method: 'GET',
    path: '/api/health/ready',
    auth: 'public',
    tags: ['health'],
    summary: 'Ready for traffic',
    description:
      'The database answers within two seconds, every migration of this version is applied, and the instance is not shutting down; else 503 (take it out of the load balancer).',
    response: { 200: Ok, ...problems(503) },
  }),
} as const;
