import { z } from 'zod';
import { CloseCustomerResponse, EraseCustomerResponse } from '../manual-entries.ts';
import { Problem } from '../problem.ts';
import { defineRoute } from './define-route.ts';

const IdParams = z.object({ id: z.string().max(64) });

/** The routes of closure/routes.ts. */
export const closureRoutes = {
  deleteBackofficeCustomersById: defineRoute({
    method: 'DELETE',
    path: '/api/backoffice/customers/:id',
    auth: { operator: ['admin'] },
    tags: ['backoffice'],
    summary: 'Erase an applicant never approved, with no ledger history, and their documents (admin)',
    params: IdParams,
    response: { 200: EraseCustomerResponse, 401: Problem, 403: Problem, 404: Problem, 409: Problem },
  }),
  postBackofficeCustomersByIdClose: defineRoute({
    method: 'POST',
    path: '/api/backoffice/customers/:id/close',
    auth: { operator: ['admin', 'compliance'] },
    tags: ['backoffice'],
    summary:
      'Close a customer at zero balance with nothing pending: cards and planned transfers cancelled, sessions ended (admin, compliance)',
    params: IdParams,
    response: { 200: CloseCustomerResponse, 401: Problem, 403: Problem, 404: Problem, 409: Problem },
  }),
} as const;
