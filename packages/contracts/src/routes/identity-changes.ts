import { z } from 'zod';
import { IdentityChangeRequest } from '../identity-changes.ts';
import { Problem } from '../problem.ts';
import { defineRoute, problems } from './define-route.ts';

const IdParams = z.object({ id: z.string().max(64) });

/** The routes of identity-changes/routes.ts. */
export const identityChangesRoutes = {
  getIdentityChangeRequests: defineRoute({
    method: 'GET',
    path: '/api/identity-change-requests',
    auth: 'customer-any-status',
    tags: ['profile'],
    summary: 'The customer’s identity change requests, newest first',
    response: { 200: z.array(IdentityChangeRequest), 401: Problem },
  }),
  getIdentityChangeRequestsById: defineRoute({
    method: 'GET',
    path: '/api/identity-change-requests/:id',
    auth: 'customer-any-status',
    tags: ['profile'],
    summary: 'One of the customer’s identity change requests (another customer’s id: 404)',
    params: IdParams,
    response: { 200: IdentityChangeRequest, 401: Problem, 404: Problem },
  }),
  postIdentityChangeRequests: defineRoute({
    method: 'POST',
    path: '/api/identity-change-requests',
    auth: 'customer-any-status',
    tags: ['profile'],
    summary:
      'Ask to change the verified identity: multipart/form-data with firstName, lastName, birthDate, taxCountry (at least one), reason, and one `file` (JPEG, PNG, HEIC or PDF, ≤ 10 MB); reviewed by compliance',
    consumes: ['multipart/form-data'],
    response: {
      201: IdentityChangeRequest,
      ...problems(400, 401, 409, 413, 415, 429, 503),
    },
  }),
} as const;
