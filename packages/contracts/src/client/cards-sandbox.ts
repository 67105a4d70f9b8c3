// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const cardsSandboxRoutes = {
  postSandboxCardAuthorizations: { method: 'POST', path: '/api/sandbox/card-authorizations', auth: { sandbox: ['admin', 'compliance'] } },
  postSandboxCardClearings: { method: 'POST', path: '/api/sandbox/card-clearings', auth: { sandbox: ['admin', 'compliance'] } },
  postSandboxCardRefunds: { method: 'POST', path: '/api/sandbox/card-refunds', auth: { sandbox: ['admin', 'compliance'] } },
} as unknown as RouteRefs<typeof contract.cardsSandboxRoutes>;
