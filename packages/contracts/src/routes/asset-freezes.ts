import { z } from 'zod';
import { AssetFreeze, AssetFreezeList, AssetFreezesQuery, LiftFreezeRequest } from '../asset-freezes.ts';
import { defineRoute, problems } from './define-route.ts';

const IdParams = z.object({ id: z.string().max(64) });

/**
 * The routes of asset-freezes/routes.ts, for admin and compliance only: the freezes in force or
 * lifted, one customer's, and their lifting under four eyes.
 */
export const assetFreezesRoutes = {
  getBackofficeScreeningFreezes: defineRoute({
    method: 'GET',
    path: '/api/backoffice/screening/freezes',
    auth: { operator: ['admin', 'compliance'] },
    tags: ['backoffice'],
    summary: 'Asset freezes and payee blocks: active (with a lifting proposed) or lifted, newest first',
    query: AssetFreezesQuery,
    response: { 200: AssetFreezeList, ...problems(400, 401, 403) },
  }),
  getBackofficeCustomersByIdFreezes: defineRoute({
    method: 'GET',
    path: '/api/backoffice/customers/:id/freezes',
    auth: { operator: ['admin', 'compliance'] },
    tags: ['backoffice'],
    summary: 'Every freeze and payee block of one customer, newest first',
    params: IdParams,
    response: { 200: AssetFreezeList, ...problems(401, 403, 404) },
  }),
  postBackofficeScreeningFreezesByIdLift: defineRoute({
    method: 'POST',
    path: '/api/backoffice/screening/freezes/:id/lift',
    auth: { operator: ['admin', 'compliance'] },
    tags: ['backoffice'],
    summary:
      'Propose lifting a freeze (delisting or decision, with a note); another operator approves (audited)',
    params: IdParams,
    body: LiftFreezeRequest,
    response: { 200: AssetFreeze, ...problems(400, 401, 403, 404, 409) },
  }),
  postBackofficeScreeningFreezesByIdApproveLift: defineRoute({
    method: 'POST',
    path: '/api/backoffice/screening/freezes/:id/approve-lift',
    auth: { operator: ['admin', 'compliance'] },
    tags: ['backoffice'],
    summary: 'Approve the proposed lifting (never its proposer): the freeze ends (audited)',
    params: IdParams,
    response: { 200: AssetFreeze, ...problems(401, 403, 404, 409) },
  }),
} as const;
