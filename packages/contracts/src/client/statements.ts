// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const statementsRoutes = {
  getAccountsByIdStatementsByMonthPdf: { method: 'GET', path: '/api/accounts/:id/statements/:month.pdf' },
  getAccountsByIdStatementsByMonthCsv: { method: 'GET', path: '/api/accounts/:id/statements/:month.csv' },
  getAccountsByIdStatementsByMonthCamt053Xml: { method: 'GET', path: '/api/accounts/:id/statements/:month.camt053.xml' },
  getAccountsByIdBalanceCertificatePdf: { method: 'GET', path: '/api/accounts/:id/balance-certificate.pdf' },
} as unknown as RouteRefs<typeof contract.statementsRoutes>;
