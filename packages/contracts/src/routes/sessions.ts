import { z } from 'zod';
import { Problem } from '../problem.ts';
import { CustomerSessionList, RevokedSessions } from '../profile.ts';
import { defineRoute, NoContent } from './define-route.ts';

const SessionParams = z.object({ id: z.string().max(64) });

/** The routes of sessions/routes.ts. */
export const sessionsRoutes = {
  getMeSessions: defineRoute({
    method: 'GET',
    path: '/api/me/sessions',
    auth: 'customer-any-status',
    tags: ['profile'],
    summary: 'The customer’s live sessions (device, browser, system, activity), this one first',
    response: { 200: CustomerSessionList, 401: Problem, 429: Problem },
  }),
  deleteMeSessionsById: defineRoute({
    method: 'DELETE',
    path: '/api/me/sessions/:id',
    auth: 'customer-any-status',
    tags: ['profile'],
    summary: 'Sign out another of the customer’s sessions at once (409 for this one: use logout)',
    params: SessionParams,
    response: { 204: NoContent, 401: Problem, 404: Problem, 409: Problem, 429: Problem },
  }),
  deleteMeSessions: defineRoute({
    method: 'DELETE',
    path: '/api/me/sessions',
    auth: 'customer-any-status',
    tags: ['profile'],
    summary: 'Sign out every other session of the customer; this one stays open',
    response: { 200: RevokedSessions, 401: Problem, 429: Problem },
  }),
} as const;
