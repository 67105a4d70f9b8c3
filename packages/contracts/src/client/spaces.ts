// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const spacesRoutes = {
  postSpaces: { method: 'POST', path: '/api/spaces' },
  patchSpacesById: { method: 'PATCH', path: '/api/spaces/:id' },
  deleteSpacesById: { method: 'DELETE', path: '/api/spaces/:id' },
  postSpacesByIdMoves: { method: 'POST', path: '/api/spaces/:id/moves' },
} as unknown as RouteRefs<typeof contract.spacesRoutes>;
