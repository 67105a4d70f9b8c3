// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const eventsRoutes = {
  getEvents: { method: 'GET', path: '/api/events', auth: 'customer-any-status' },
} as unknown as RouteRefs<typeof contract.eventsRoutes>;
