// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const messagesRoutes = {
  getMeAdviser: { method: 'GET', path: '/api/me/adviser', auth: 'customer' },
  getMessages: { method: 'GET', path: '/api/messages', auth: 'customer' },
  postMessages: { method: 'POST', path: '/api/messages', auth: 'customer' },
  postMessagesRead: { method: 'POST', path: '/api/messages/read', auth: 'customer' },
} as unknown as RouteRefs<typeof contract.messagesRoutes>;
