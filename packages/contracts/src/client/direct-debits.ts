// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const directDebitsRoutes = {
  getDirectDebitsMandates: { method: 'GET', path: '/api/direct-debits/mandates', auth: 'customer' },
  getDirectDebitsCollections: { method: 'GET', path: '/api/direct-debits/collections', auth: 'customer' },
  postDirectDebitsCollectionsRefuse: { method: 'POST', path: '/api/direct-debits/collections/:id/refuse', auth: 'customer' },
  postDirectDebitsMandatesRevoke: { method: 'POST', path: '/api/direct-debits/mandates/:id/revoke', auth: 'customer' },
  putDirectDebitsMandatesLimits: { method: 'PUT', path: '/api/direct-debits/mandates/:id/limits', auth: 'customer' },
  postDirectDebitsCollectionsRefund: { method: 'POST', path: '/api/direct-debits/collections/:id/refund', auth: 'customer' },
  postDirectDebitsCollectionsClaims: { method: 'POST', path: '/api/direct-debits/collections/:id/claims', auth: 'customer' },
  getDirectDebitsSettings: { method: 'GET', path: '/api/direct-debits/settings', auth: 'customer' },
  putDirectDebitsSettings: { method: 'PUT', path: '/api/direct-debits/settings', auth: 'customer' },
  getBackofficeCustomersByIdDirectDebits: { method: 'GET', path: '/api/backoffice/customers/:id/direct-debits', auth: { operator: ['admin', 'compliance', 'support'] } },
  getBackofficeDirectDebitClaims: { method: 'GET', path: '/api/backoffice/direct-debit-claims', auth: { operator: ['admin', 'compliance', 'support'] } },
  postBackofficeDirectDebitClaimsByIdDecision: { method: 'POST', path: '/api/backoffice/direct-debit-claims/:id/decision', auth: { operator: ['admin', 'compliance'] } },
  postSandboxDirectDebits: { method: 'POST', path: '/api/sandbox/direct-debits', auth: { sandbox: ['admin', 'compliance'] } },
  postSandboxDirectDebitsPresent: { method: 'POST', path: '/api/sandbox/direct-debits/:id/present', auth: { sandbox: ['admin', 'compliance'] } },
} as unknown as RouteRefs<typeof contract.directDebitsRoutes>;
