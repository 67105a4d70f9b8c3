// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const accountsRoutes = {
  getAccounts: { method: 'GET', path: '/api/accounts' },
  getAccountsByIdTransactions: { method: 'GET', path: '/api/accounts/:id/transactions' },
  getAccountsByIdTransactionsByEntryId: { method: 'GET', path: '/api/accounts/:id/transactions/:entryId' },
  getAccountsByIdSummary: { method: 'GET', path: '/api/accounts/:id/summary' },
  getAccountsByIdRibPdf: { method: 'GET', path: '/api/accounts/:id/rib.pdf' },
} as unknown as RouteRefs<typeof contract.accountsRoutes>;
