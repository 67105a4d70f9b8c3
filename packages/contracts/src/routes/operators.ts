import { z } from 'zod';
import {
  AuditPage,
  AuditQuery,
  OperatorLoginRequest,
  OperatorLoginResponse,
  OperatorMe,
  OperatorSession,
  OperatorTotpRequest,
} from '../backoffice.ts';
import { AuditChainCheck } from '../operators.ts';
import { Problem } from '../problem.ts';
import { defineRoute } from './define-route.ts';

/** The routes of operators/routes.ts. */
export const operatorsRoutes = {
  postBackofficeAuthLogin: defineRoute({
    method: 'POST',
    path: '/api/backoffice/auth/login',
    auth: 'public',
    tags: ['backoffice'],
    summary: 'Operator login, step 1: e-mail and password',
    body: OperatorLoginRequest,
    response: { 200: OperatorLoginResponse, 400: Problem, 401: Problem, 423: Problem, 429: Problem },
  }),
  postBackofficeAuthLoginTotp: defineRoute({
    method: 'POST',
    path: '/api/backoffice/auth/login/totp',
    auth: 'public',
    tags: ['backoffice'],
    summary: 'Operator login, step 2: TOTP code',
    body: OperatorTotpRequest,
    response: { 200: OperatorSession, 400: Problem, 401: Problem, 423: Problem, 429: Problem },
  }),
  postBackofficeAuthLogout: defineRoute({
    method: 'POST',
    path: '/api/backoffice/auth/logout',
    auth: 'public',
    tags: ['backoffice'],
    summary: 'Operator logout',
    response: { 204: z.null(), 403: Problem },
  }),
  getBackofficeAuthMe: defineRoute({
    method: 'GET',
    path: '/api/backoffice/auth/me',
    auth: { operator: ['admin', 'compliance', 'support'] },
    tags: ['backoffice'],
    summary: 'The signed-in operator',
    response: { 200: OperatorMe, 401: Problem },
  }),
  getBackofficeAuditLog: defineRoute({
    method: 'GET',
    path: '/api/backoffice/audit-log',
    auth: { operator: ['admin', 'compliance'] },
    tags: ['backoffice'],
    summary: 'Audit log (admin, compliance), newest first',
    query: AuditQuery,
    response: { 200: AuditPage, 400: Problem, 401: Problem, 403: Problem },
  }),
  getBackofficeAuditLogVerify: defineRoute({
    method: 'GET',
    path: '/api/backoffice/audit-log/verify',
    auth: { operator: ['admin', 'compliance'] },
    tags: ['backoffice'],
    summary: 'Recompute the audit hash chain (admin, compliance); names the first broken row',
    response: { 200: AuditChainCheck, 401: Problem, 403: Problem },
  }),
} as const;
