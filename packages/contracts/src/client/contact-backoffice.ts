// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const contactBackofficeRoutes = {
  getBackofficeContactMessages: { method: 'GET', path: '/api/backoffice/contact-messages', auth: { operator: ['admin', 'compliance', 'support'] } },
  postBackofficeContactMessagesByIdHandled: { method: 'POST', path: '/api/backoffice/contact-messages/:id/handled', auth: { operator: ['admin', 'compliance', 'support'] } },
} as unknown as RouteRefs<typeof contract.contactBackofficeRoutes>;
