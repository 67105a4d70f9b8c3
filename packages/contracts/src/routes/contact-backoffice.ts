import { z } from 'zod';
import { ContactMessage, ContactMessagesPage, ContactMessagesQuery } from '../contact.ts';
import { Problem } from '../problem.ts';
import { defineRoute } from './define-route.ts';

/** The routes of contact/backoffice-routes.ts. */
export const contactBackofficeRoutes = {
  getBackofficeContactMessages: defineRoute({
    method: 'GET',
    path: '/api/backoffice/contact-messages',
    auth: { operator: ['admin', 'compliance', 'support'] },
    tags: ['backoffice'],
    summary: 'Contact-form inbox, newest first (cursor pagination)',
    query: ContactMessagesQuery,
    response: { 200: ContactMessagesPage, 400: Problem, 401: Problem, 403: Problem },
  }),
  postBackofficeContactMessagesByIdHandled: defineRoute({
    method: 'POST',
    path: '/api/backoffice/contact-messages/:id/handled',
    auth: { operator: ['admin', 'compliance', 'support'] },
    tags: ['backoffice'],
    summary: 'Mark a contact message handled (audited; idempotent)',
    params: z.object({ id: z.string().max(64) }),
    response: { 200: ContactMessage, 400: Problem, 401: Problem, 403: Problem, 404: Problem },
  }),
} as const;
