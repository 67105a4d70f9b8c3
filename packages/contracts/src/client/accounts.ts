// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const accountsRoutes = {
  getAccounts: { method: 'GET', path: '/api/accounts', auth: 'customer' },
  getAccountsByIdTransactions: { method: 'GET', path: '/api/accounts/:id/transactions', auth: 'customer' },
  getAccountsByIdTransactionsByEntryId: { method: 'GET', path: '/api/accounts/:id/transactions/:entryId', auth: 'customer' },
  getAccountsByIdSummary: { method: 'GET', path: '/api/accounts/:id/summary', auth: 'customer' },
  getAccountsByIdRibPdf: { method: 'GET', path: '/api/accounts/:id/rib.pdf', auth: 'customer' },
} as unknown as RouteRefs<typeof contract.accountsRoutes>;
