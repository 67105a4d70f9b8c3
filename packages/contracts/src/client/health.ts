// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const healthRoutes = {
  getHealth: { method: 'GET', path: '/api/health', auth: 'public' },
  getHealthLive: { method: 'GET', path: '/api/health/live', auth: 'public' },
  getHealthReady: { method: 'GET', path: '/api/health/ready', auth: 'public' },
} as unknown as RouteRefs<typeof contract.healthRoutes>;
