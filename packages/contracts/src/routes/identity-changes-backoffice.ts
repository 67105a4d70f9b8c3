import { z } from 'zod';
import {
  AcceptIdentityChangeRequest,
  BackofficeIdentityChangeRequest,
  RejectIdentityChangeRequest,
} from '../identity-changes.ts';
import { Problem } from '../problem.ts';
import { defineRoute } from './define-route.ts';

const IdParams = z.object({ id: z.string().max(64) });

/**
 * The routes of identity-changes/backoffice-routes.ts. Admin and compliance see the supporting
 * documents and decide; support reads the list only.
 */
export const identityChangesBackofficeRoutes = {
  getBackofficeCustomersByIdIdentityChangeRequests: defineRoute({
    method: 'GET',
    path: '/api/backoffice/customers/:id/identity-change-requests',
    auth: { operator: ['admin', 'compliance', 'support'] },
    tags: ['backoffice'],
    summary: 'The customer’s identity change requests, newest first, values on file beside those asked',
    params: IdParams,
    response: {
      200: z.array(BackofficeIdentityChangeRequest),
      401: Problem,
      403: Problem,
      404: Problem,
    },
  }),
  getBackofficeIdentityChangeRequestsByIdDocument: defineRoute({
    method: 'GET',
    path: '/api/backoffice/identity-change-requests/:id/document',
    auth: { operator: ['admin', 'compliance'] },
    tags: ['backoffice'],
    summary: 'The supporting document of a request, decrypted (attachment; every view is audited)',
    params: IdParams,
    produces: ['image/jpeg', 'image/png', 'image/heic', 'application/pdf'],
    response: {
      200: z.unknown().meta({ description: 'The file (binary)' }),
      401: Problem,
      403: Problem,
      404: Problem,
    },
  }),
  postBackofficeIdentityChangeRequestsByIdAccept: defineRoute({
    method: 'POST',
    path: '/api/backoffice/identity-change-requests/:id/accept',
    auth: { operator: ['admin', 'compliance'] },
    tags: ['backoffice'],
    summary:
      'Accept: the customer’s identity takes the asked values (audited with the fields and the operator’s optional note; mailed, announced live)',
    params: IdParams,
    /** Optional: a call without a body accepts without a note. */
    body: AcceptIdentityChangeRequest.nullish(),
    response: {
      200: BackofficeIdentityChangeRequest,
      400: Problem,
      401: Problem,
      403: Problem,
      404: Problem,
      409: Problem,
    },
  }),
  postBackofficeIdentityChangeRequestsByIdReject: defineRoute({
    method: 'POST',
    path: '/api/backoffice/identity-change-requests/:id/reject',
    auth: { operator: ['admin', 'compliance'] },
    tags: ['backoffice'],
    summary: 'Reject with a reason the customer reads; the identity stays as it is (audited; mailed)',
    params: IdParams,
    body: RejectIdentityChangeRequest,
    response: {
      200: BackofficeIdentityChangeRequest,
      400: Problem,
      401: Problem,
      403: Problem,
      404: Problem,
      409: Problem,
    },
  }),
} as const;
