// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const psd2Routes = {
  getPsd2Authorisations: { method: 'GET', path: '/api/psd2/authorisations', auth: 'customer' },
  getPsd2AuthorisationsById: { method: 'GET', path: '/api/psd2/authorisations/:id', auth: 'customer' },
  postPsd2AuthorisationsByIdApprove: { method: 'POST', path: '/api/psd2/authorisations/:id/approve', auth: 'customer' },
  postPsd2AuthorisationsByIdDeny: { method: 'POST', path: '/api/psd2/authorisations/:id/deny', auth: 'customer' },
  getPsd2Consents: { method: 'GET', path: '/api/psd2/consents', auth: 'customer' },
  postPsd2FundsConsents: { method: 'POST', path: '/api/psd2/funds-consents', auth: 'customer' },
  postPsd2ConsentsByIdRevoke: { method: 'POST', path: '/api/psd2/consents/:id/revoke', auth: 'customer' },
  getBackofficePsd2Tpps: { method: 'GET', path: '/api/backoffice/psd2/tpps', auth: { operator: ['admin', 'compliance'] } },
  postBackofficePsd2TppsByIdBlock: { method: 'POST', path: '/api/backoffice/psd2/tpps/:id/block', auth: { operator: ['admin', 'compliance'] } },
  postSandboxPsd2Certificates: { method: 'POST', path: '/api/sandbox/psd2/certificates', auth: { sandbox: ['admin', 'compliance'] } },
} as unknown as RouteRefs<typeof contract.psd2Routes>;
