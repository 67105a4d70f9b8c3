import { z } from 'zod';
import { defineRoute, problems } from './define-route.ts';

/** The routes of events/routes.ts. */
export const eventsRoutes = {
  getEvents: defineRoute({
    method: 'GET',
    path: '/api/events',
    auth: 'customer-any-status',
    tags: ['events'],
    summary:
      'Live updates (text/event-stream): `data: {"type":"status","status":…}` on connect and at each change, each change with an `id:`; `Last-Event-ID` (or `?lastEventId=`) replays what followed that id; at most 4 open per session and 8 per customer across sessions (429 beyond)',
    query: z.object({
      /** For a new EventSource, which cannot set `Last-Event-ID`: the id of the last event received. */
      lastEventId: z
        .string()
        .regex(/^\d{1,15}$/)
        .optional(),
    }),
    response: {
      200: {
        description: 'A text/event-stream that stays open',
        content: { 'text/event-stream': { schema: z.unknown() } },
      },
      ...problems(401, 429),
    },
  }),
} as const;
