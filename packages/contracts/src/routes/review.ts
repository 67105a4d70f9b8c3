import { z } from 'zod';
import {
  ApproveResponse,
  BackofficeCustomerDetail,
  BackofficeCustomerUpdate,
  BackofficeCustomersPage,
  BackofficeCustomersQuery,
  BackofficeDocument,
  RejectRequest,
  RequestCorrectionsRequest,
  ReviewStatusResponse,
} from '../backoffice.ts';
import { Problem } from '../problem.ts';
import { defineRoute, problems } from './define-route.ts';

const IdParams = z.object({ id: z.string().max(64) });

/**
 * The routes of review/routes.ts. Admin and compliance review applications and see identity
 * documents; support reads customers only.
 */
export const reviewRoutes = {
  getBackofficeCustomers: defineRoute({
    method: 'GET',
    path: '/api/backoffice/customers',
    auth: { operator: ['admin', 'compliance', 'support'] },
    tags: ['backoffice'],
    summary: 'Customers table: search, status filter, applications to review first, cursor pagination',
    query: BackofficeCustomersQuery,
    response: { 200: BackofficeCustomersPage, 400: Problem, 401: Problem, 403: Problem },
  }),
  getBackofficeCustomersById: defineRoute({
    method: 'GET',
    path: '/api/backoffice/customers/:id',
    auth: { operator: ['admin', 'compliance', 'support'] },
    tags: ['backoffice'],
    summary: 'Manage panel: identity, accounts and balances (read-only), application, corrections',
    params: IdParams,
    response: { 200: BackofficeCustomerDetail, 401: Problem, 403: Problem, 404: Problem },
  }),
  patchBackofficeCustomersById: defineRoute({
    method: 'PATCH',
    path: '/api/backoffice/customers/:id',
    auth: { operator: ['admin', 'compliance'] },
    tags: ['backoffice'],
    summary: 'Edit personal data (admin, compliance; audited)',
    params: IdParams,
    body: BackofficeCustomerUpdate,
    response: {
      200: BackofficeCustomerDetail,
      ...problems(400, 401, 403, 404, 409),
    },
  }),
  postBackofficeCustomersByIdApprove: defineRoute({
    method: 'POST',
    path: '/api/backoffice/customers/:id/approve',
    auth: { operator: ['admin', 'compliance'] },
    tags: ['backoffice'],
    summary: 'Approve the application: open the account (LU IBAN), welcome mail (admin, compliance)',
    params: IdParams,
    response: { 200: ApproveResponse, 401: Problem, 403: Problem, 404: Problem, 409: Problem },
  }),
  postBackofficeCustomersByIdRequestCorrections: defineRoute({
    method: 'POST',
    path: '/api/backoffice/customers/:id/request-corrections',
    auth: { operator: ['admin', 'compliance'] },
    tags: ['backoffice'],
    summary: 'Ask the applicant for corrections (reasons, documents to upload again)',
    params: IdParams,
    body: RequestCorrectionsRequest,
    response: {
      200: ReviewStatusResponse,
      ...problems(400, 401, 403, 404, 409),
    },
  }),
  postBackofficeCustomersByIdReject: defineRoute({
    method: 'POST',
    path: '/api/backoffice/customers/:id/reject',
    auth: { operator: ['admin', 'compliance'] },
    tags: ['backoffice'],
    summary: 'Reject the application with a reason (mailed)',
    params: IdParams,
    body: RejectRequest,
    response: {
      200: ReviewStatusResponse,
      ...problems(400, 401, 403, 404, 409),
    },
  }),
  getBackofficeCustomersByIdDocuments: defineRoute({
    method: 'GET',
    path: '/api/backoffice/customers/:id/documents',
    auth: { operator: ['admin', 'compliance'] },
    tags: ['backoffice'],
    summary: 'Identity documents of the application (metadata)',
    params: IdParams,
    response: { 200: z.array(BackofficeDocument), 401: Problem, 403: Problem, 404: Problem },
  }),
  getBackofficeDocumentsById: defineRoute({
    method: 'GET',
    path: '/api/backoffice/documents/:id',
    auth: { operator: ['admin', 'compliance'] },
    tags: ['backoffice'],
    summary: 'One identity document, decrypted (attachment; every view is audited)',
    params: IdParams,
    produces: ['image/jpeg', 'image/png', 'image/heic', 'application/pdf'],
    response: {
      200: z.unknown().meta({ description: 'The file (binary)' }),
      ...problems(401, 403, 404),
    },
  }),
} as const;
