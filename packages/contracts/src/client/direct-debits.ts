// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const directDebitsRoutes = {
  getDirectDebitsMandates: { method: 'GET', path: '/api/direct-debits/mandates' },
  getDirectDebitsCollections: { method: 'GET', path: '/api/direct-debits/collections' },
  postDirectDebitsCollectionsRefuse: { method: 'POST', path: '/api/direct-debits/collections/:id/refuse' },
  postDirectDebitsMandatesRevoke: { method: 'POST', path: '/api/direct-debits/mandates/:id/revoke' },
  putDirectDebitsMandatesLimits: { method: 'PUT', path: '/api/direct-debits/mandates/:id/limits' },
  postDirectDebitsCollectionsRefund: { method: 'POST', path: '/api/direct-debits/collections/:id/refund' },
  postDirectDebitsCollectionsClaims: { method: 'POST', path: '/api/direct-debits/collections/:id/claims' },
  getDirectDebitsSettings: { method: 'GET', path: '/api/direct-debits/settings' },
  putDirectDebitsSettings: { method: 'PUT', path: '/api/direct-debits/settings' },
  getBackofficeCustomersByIdDirectDebits: { method: 'GET', path: '/api/backoffice/customers/:id/direct-debits' },
  getBackofficeDirectDebitClaims: { method: 'GET', path: '/api/backoffice/direct-debit-claims' },
  postBackofficeDirectDebitClaimsByIdDecision: { method: 'POST', path: '/api/backoffice/direct-debit-claims/:id/decision' },
  postSandboxDirectDebits: { method: 'POST', path: '/api/sandbox/direct-debits' },
  postSandboxDirectDebitsPresent: { method: 'POST', path: '/api/sandbox/direct-debits/:id/present' },
} as unknown as RouteRefs<typeof contract.directDebitsRoutes>;
