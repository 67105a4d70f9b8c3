import { z } from 'zod';
import {
  CreateOperatorRequest,
  CreatedOperator,
  OperatorList,
  OperatorListItem,
  ResetOperatorTotp,
  UpdateOperatorRequest,
} from '../operators.ts';
import { Problem } from '../problem.ts';
import { defineRoute } from './define-route.ts';

const IdParams = z.object({ id: z.string().max(64) });

/** The routes of operators/admin-routes.ts. */
export const operatorsAdminRoutes = {
  getBackofficeOperators: defineRoute({
    method: 'GET',
    path: '/api/backoffice/operators',
    auth: 'operator',
    tags: ['backoffice'],
    summary: 'Every operator (admin)',
    response: { 200: OperatorList, 401: Problem, 403: Problem },
  }),
  postBackofficeOperators: defineRoute({
    method: 'POST',
    path: '/api/backoffice/operators',
    auth: 'operator',
    tags: ['backoffice'],
    summary: 'Create an operator (admin); the TOTP secret is returned once',
    body: CreateOperatorRequest,
    response: {
      201: CreatedOperator,
      400: Problem,
      401: Problem,
      403: Problem,
      409: Problem,
      422: Problem,
    },
  }),
  patchBackofficeOperatorsById: defineRoute({
    method: 'PATCH',
    path: '/api/backoffice/operators/:id',
    auth: 'operator',
    tags: ['backoffice'],
    summary: 'Rename, change role, deactivate or reactivate an operator (admin)',
    params: IdParams,
    body: UpdateOperatorRequest,
    response: {
      200: OperatorListItem,
      400: Problem,
      401: Problem,
      403: Problem,
      404: Problem,
      409: Problem,
    },
  }),
  postBackofficeOperatorsByIdResetTotp: defineRoute({
    method: 'POST',
    path: '/api/backoffice/operators/:id/reset-totp',
    auth: 'operator',
    tags: ['backoffice'],
    summary: 'New TOTP secret for an operator (admin); returned once, sessions ended',
    params: IdParams,
    response: { 200: ResetOperatorTotp, 400: Problem, 401: Problem, 403: Problem, 404: Problem },
  }),
} as const;
