import { z } from 'zod';
import {
  AdviserOptions,
  AssignAdviserRequest,
  MessagesPage,
  MessagesQuery,
  SecureMessage,
  SendMessageRequest,
  UnreadByCustomer,
} from '../messages.ts';
import { Problem } from '../problem.ts';
import { defineRoute } from './define-route.ts';

const IdParams = z.object({ id: z.string().max(64) });

/**
 * The routes of messages/backoffice-routes.ts. Every role reads and writes messages (support answers
 * customers); admin and compliance assign advisers.
 */
export const messagesBackofficeRoutes = {
  getBackofficeCustomersByIdAdviser: defineRoute({
    method: 'GET',
    path: '/api/backoffice/customers/:id/adviser',
    auth: { operator: ['admin', 'compliance', 'support'] },
    tags: ['backoffice'],
    summary: 'The customer’s adviser and the active operators who can be chosen',
    params: IdParams,
    response: { 200: AdviserOptions, 401: Problem, 403: Problem, 404: Problem },
  }),
  putBackofficeCustomersByIdAdviser: defineRoute({
    method: 'PUT',
    path: '/api/backoffice/customers/:id/adviser',
    auth: { operator: ['admin', 'compliance'] },
    tags: ['backoffice'],
    summary:
      'Assign the customer’s adviser, an active operator, or remove it with null (admin, compliance; audited)',
    params: IdParams,
    body: AssignAdviserRequest,
    response: { 200: AdviserOptions, 400: Problem, 401: Problem, 403: Problem, 404: Problem },
  }),
  getBackofficeCustomersByIdMessages: defineRoute({
    method: 'GET',
    path: '/api/backoffice/customers/:id/messages',
    auth: { operator: ['admin', 'compliance', 'support'] },
    tags: ['backoffice'],
    summary:
      'The customer’s secure-message thread, newest first; opening it marks the customer’s messages read',
    params: IdParams,
    query: MessagesQuery,
    response: { 200: MessagesPage, 400: Problem, 401: Problem, 403: Problem, 404: Problem },
  }),
  postBackofficeCustomersByIdMessages: defineRoute({
    method: 'POST',
    path: '/api/backoffice/customers/:id/messages',
    auth: { operator: ['admin', 'compliance', 'support'] },
    tags: ['backoffice'],
    summary:
      'Write to the customer (audited); the customer is mailed that a message waits, without its content',
    params: IdParams,
    body: SendMessageRequest,
    response: {
      201: SecureMessage,
      400: Problem,
      401: Problem,
      403: Problem,
      404: Problem,
      409: Problem,
      429: Problem,
    },
  }),
  getBackofficeMessagesUnread: defineRoute({
    method: 'GET',
    path: '/api/backoffice/messages/unread',
    auth: { operator: ['admin', 'compliance', 'support'] },
    tags: ['backoffice'],
    summary: 'Customers with messages no operator has opened yet, and how many',
    response: { 200: UnreadByCustomer, 401: Problem, 403: Problem },
  }),
} as const;
