// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const operatorsAdminRoutes = {
  getBackofficeOperators: { method: 'GET', path: '/api/backoffice/operators', auth: { operator: ['admin'] } },
  postBackofficeOperators: { method: 'POST', path: '/api/backoffice/operators', auth: { operator: ['admin'] } },
  patchBackofficeOperatorsById: { method: 'PATCH', path: '/api/backoffice/operators/:id', auth: { operator: ['admin'] } },
  postBackofficeOperatorsByIdResetTotp: { method: 'POST', path: '/api/backoffice/operators/:id/reset-totp', auth: { operator: ['admin'] } },
  postBackofficeOperatorsByIdInvitation: { method: 'POST', path: '/api/backoffice/operators/:id/invitation', auth: { operator: ['admin'] } },
  postBackofficeEnrolmentOpen: { method: 'POST', path: '/api/backoffice/enrolment/open', auth: 'public' },
  postBackofficeEnrolmentComplete: { method: 'POST', path: '/api/backoffice/enrolment/complete', auth: 'public' },
} as unknown as RouteRefs<typeof contract.operatorsAdminRoutes>;
