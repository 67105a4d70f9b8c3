import { z } from 'zod';
import { Account, OperationsPage, OperationsQuery, RibPdf } from '../accounts.ts';
import { OperationDetail, OperationsSummary, OperationsSummaryQuery } from '../operations.ts';
import { Problem } from '../problem.ts';
import { defineRoute, problemJson } from './define-route.ts';

/** The routes of accounts/routes.ts. */
export const accountsRoutes = {
  getAccounts: defineRoute({
    method: 'GET',
    path: '/api/accounts',
    auth: 'customer',
    tags: ['accounts'],
    summary: 'The customer’s accounts (main account and Espaces), with their balances',
    response: { 200: z.array(Account), 401: Problem, 403: Problem },
  }),
  getAccountsByIdTransactions: defineRoute({
    method: 'GET',
    path: '/api/accounts/:id/transactions',
    auth: 'customer',
    tags: ['accounts'],
    summary: 'The account’s operations, newest first, searched and filtered, one cursor page at a time',
    params: z.object({ id: z.string().max(20) }),
    query: OperationsQuery,
    response: { 200: OperationsPage, 400: Problem, 401: Problem, 404: Problem },
  }),
  getAccountsByIdTransactionsByEntryId: defineRoute({
    method: 'GET',
    path: '/api/accounts/:id/transactions/:entryId',
    auth: 'customer',
    tags: ['accounts'],
    summary: 'One operation of the account, with what its detail sheet shows',
    params: z.object({ id: z.string().max(20), entryId: z.string().max(20) }),
    response: { 200: OperationDetail, 400: Problem, 401: Problem, 403: Problem, 404: Problem },
  }),
  getAccountsByIdSummary: defineRoute({
    method: 'GET',
    path: '/api/accounts/:id/summary',
    auth: 'customer',
    tags: ['accounts'],
    summary: 'Money in and out of a month (booking date, posted only), by kind, and the 6 months to it',
    params: z.object({ id: z.string().max(20) }),
    query: OperationsSummaryQuery,
    response: { 200: OperationsSummary, 400: Problem, 401: Problem, 403: Problem, 404: Problem },
  }),
  getAccountsByIdRibPdf: defineRoute({
    method: 'GET',
    path: '/api/accounts/:id/rib.pdf',
    auth: 'customer',
    tags: ['accounts'],
    summary: 'The account’s RIB (relevé d’identité bancaire) as a PDF, A4, in French',
    params: z.object({ id: z.string().max(20) }),
    response: {
      200: {
        description: 'The RIB, as an attachment named RIB-Comptoir-<last 4 characters of the IBAN>.pdf',
        content: { 'application/pdf': { schema: RibPdf } },
      },
      401: problemJson('No live customer session'),
      403: problemJson('The customer’s account is not open yet'),
      404: problemJson('Unknown account, or another customer’s (the same answer)'),
      409: problemJson('The account has no IBAN yet, or is closed'),
    },
  }),
} as const;
