// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const spacesRoutes = {
  postSpaces: { method: 'POST', path: '/api/spaces', auth: 'customer' },
  patchSpacesById: { method: 'PATCH', path: '/api/spaces/:id', auth: 'customer' },
  deleteSpacesById: { method: 'DELETE', path: '/api/spaces/:id', auth: 'customer' },
  postSpacesByIdMoves: { method: 'POST', path: '/api/spaces/:id/moves', auth: 'customer' },
} as unknown as RouteRefs<typeof contract.spacesRoutes>;
