import { z } from 'zod';
import {
  CreateOperatorRequest,
  OperatorEnrolmentCompleteRequest,
  OperatorEnrolmentDone,
  OperatorEnrolmentOffer,
  OperatorEnrolmentOpenRequest,
  OperatorLinkSent,
  OperatorList,
  OperatorListItem,
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
    auth: { operator: ['admin'] },
    tags: ['backoffice'],
    summary: 'Every operator (admin)',
    response: { 200: OperatorList, 401: Problem, 403: Problem },
  }),
  postBackofficeOperators: defineRoute({
    method: 'POST',
    path: '/api/backoffice/operators',
    auth: { operator: ['admin'] },
    tags: ['backoffice'],
    summary: 'Invite an operator (admin): the link to choose a password and enrol TOTP is mailed to them',
    body: CreateOperatorRequest,
    response: {
      201: OperatorLinkSent,
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
    auth: { operator: ['admin'] },
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
    auth: { operator: ['admin'] },
    tags: ['backoffice'],
    summary:
      'Reset an operator’s TOTP (admin): the old one stops working, sessions end, a link to enrol a new one is mailed to them',
    params: IdParams,
    response: { 200: OperatorLinkSent, 400: Problem, 401: Problem, 403: Problem, 404: Problem, 409: Problem },
  }),
  postBackofficeOperatorsByIdInvitation: defineRoute({
    method: 'POST',
    path: '/api/backoffice/operators/:id/invitation',
    auth: { operator: ['admin'] },
    tags: ['backoffice'],
    summary: 'Send an invited operator a new invitation link (admin); the previous one stops working',
    params: IdParams,
    response: { 200: OperatorLinkSent, 400: Problem, 401: Problem, 403: Problem, 404: Problem, 409: Problem },
  }),
  postBackofficeEnrolmentOpen: defineRoute({
    method: 'POST',
    path: '/api/backoffice/enrolment/open',
    auth: 'public',
    tags: ['backoffice'],
    summary: 'Open an enrolment link: the TOTP secret offered to the operator holding it',
    body: OperatorEnrolmentOpenRequest,
    response: {
      200: OperatorEnrolmentOffer,
      400: Problem,
      401: Problem,
      410: Problem,
      423: Problem,
      429: Problem,
    },
  }),
  postBackofficeEnrolmentComplete: defineRoute({
    method: 'POST',
    path: '/api/backoffice/enrolment/complete',
    auth: 'public',
    tags: ['backoffice'],
    summary: 'Complete an enrolment: the password, and a code confirming the TOTP secret',
    body: OperatorEnrolmentCompleteRequest,
    response: {
      200: OperatorEnrolmentDone,
      400: Problem,
      401: Problem,
      410: Problem,
      422: Problem,
      423: Problem,
      429: Problem,
    },
  }),
} as const;
