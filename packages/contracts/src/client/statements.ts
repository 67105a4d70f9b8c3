// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const statementsRoutes = {
  getAccountsByIdStatementsByMonthPdf: { method: 'GET', path: '/api/accounts/:id/statements/:month.pdf', auth: 'customer' },
  getAccountsByIdStatementsByMonthCsv: { method: 'GET', path: '/api/accounts/:id/statements/:month.csv', auth: 'customer' },
  getAccountsByIdStatementsByMonthCamt053Xml: { method: 'GET', path: '/api/accounts/:id/statements/:month.camt053.xml', auth: 'customer' },
  getAccountsByIdBalanceCertificatePdf: { method: 'GET', path: '/api/accounts/:id/balance-certificate.pdf', auth: 'customer' },
} as unknown as RouteRefs<typeof contract.statementsRoutes>;
