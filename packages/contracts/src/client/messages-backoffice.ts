// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const messagesBackofficeRoutes = {
  getBackofficeCustomersByIdAdviser: { method: 'GET', path: '/api/backoffice/customers/:id/adviser', auth: { operator: ['admin', 'compliance', 'support'] } },
  putBackofficeCustomersByIdAdviser: { method: 'PUT', path: '/api/backoffice/customers/:id/adviser', auth: { operator: ['admin', 'compliance'] } },
  getBackofficeCustomersByIdMessages: { method: 'GET', path: '/api/backoffice/customers/:id/messages', auth: { operator: ['admin', 'compliance', 'support'] } },
  postBackofficeCustomersByIdMessages: { method: 'POST', path: '/api/backoffice/customers/:id/messages', auth: { operator: ['admin', 'compliance', 'support'] } },
  getBackofficeMessagesUnread: { method: 'GET', path: '/api/backoffice/messages/unread', auth: { operator: ['admin', 'compliance', 'support'] } },
} as unknown as RouteRefs<typeof contract.messagesBackofficeRoutes>;
