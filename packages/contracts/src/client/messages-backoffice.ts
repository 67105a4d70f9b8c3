// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const messagesBackofficeRoutes = {
  getBackofficeCustomersByIdAdviser: { method: 'GET', path: '/api/backoffice/customers/:id/adviser' },
  putBackofficeCustomersByIdAdviser: { method: 'PUT', path: '/api/backoffice/customers/:id/adviser' },
  getBackofficeCustomersByIdMessages: { method: 'GET', path: '/api/backoffice/customers/:id/messages' },
  postBackofficeCustomersByIdMessages: { method: 'POST', path: '/api/backoffice/customers/:id/messages' },
  getBackofficeMessagesUnread: { method: 'GET', path: '/api/backoffice/messages/unread' },
} as unknown as RouteRefs<typeof contract.messagesBackofficeRoutes>;
