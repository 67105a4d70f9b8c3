import {
  MessagesPage,
  MessagesQuery,
  MyAdviser,
  SecureMessage,
  SendMessageRequest,
  UnreadMessages,
} from '../messages.ts';
import { Problem } from '../problem.ts';
import { defineRoute } from './define-route.ts';

/** The routes of messages/routes.ts. */
export const messagesRoutes = {
  getMeAdviser: defineRoute({
    method: 'GET',
    path: '/api/me/adviser',
    auth: 'customer',
    tags: ['messages'],
    summary: 'The customer’s adviser (name, e-mail, phone), or null when none is assigned',
    response: { 200: MyAdviser, 401: Problem, 403: Problem },
  }),
  getMessages: defineRoute({
    method: 'GET',
    path: '/api/messages',
    auth: 'customer',
    tags: ['messages'],
    summary: 'The secure-message thread with the bank, newest first (cursor), and the unread count',
    query: MessagesQuery,
    response: { 200: MessagesPage, 400: Problem, 401: Problem, 403: Problem },
  }),
  postMessages: defineRoute({
    method: 'POST',
    path: '/api/messages',
    auth: 'customer',
    tags: ['messages'],
    summary: 'Write to the bank (plain text, 1–2,000 characters; 10 messages per 10 minutes)',
    body: SendMessageRequest,
    response: { 201: SecureMessage, 400: Problem, 401: Problem, 403: Problem, 429: Problem },
  }),
  postMessagesRead: defineRoute({
    method: 'POST',
    path: '/api/messages/read',
    auth: 'customer',
    tags: ['messages'],
    summary: 'Mark the bank’s messages read',
    response: { 200: UnreadMessages, 401: Problem, 403: Problem },
  }),
} as const;
