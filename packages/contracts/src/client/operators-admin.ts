// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const operatorsAdminRoutes = {
  getBackofficeOperators: { method: 'GET', path: '/api/backoffice/operators' },
  postBackofficeOperators: { method: 'POST', path: '/api/backoffice/operators' },
  patchBackofficeOperatorsById: { method: 'PATCH', path: '/api/backoffice/operators/:id' },
  postBackofficeOperatorsByIdResetTotp: { method: 'POST', path: '/api/backoffice/operators/:id/reset-totp' },
  postBackofficeOperatorsByIdInvitation: { method: 'POST', path: '/api/backoffice/operators/:id/invitation' },
  postBackofficeEnrolmentOpen: { method: 'POST', path: '/api/backoffice/enrolment/open' },
  postBackofficeEnrolmentComplete: { method: 'POST', path: '/api/backoffice/enrolment/complete' },
} as unknown as RouteRefs<typeof contract.operatorsAdminRoutes>;
