import { z } from 'zod';
import {
  BalanceCertificatePdf,
  StatementCamt053,
  StatementCsv,
  StatementParams,
  StatementPdf,
} from '../statements.ts';
import { defineRoute, problemJson } from './define-route.ts';

/** The routes of statements/routes.ts. */
export const statementsRoutes = {
  getAccountsByIdStatementsByMonthPdf: defineRoute({
    method: 'GET',
    path: '/api/accounts/:id/statements/:month.pdf',
    auth: 'customer',
    tags: ['statements'],
    summary: 'A month’s statement of the account (Luxembourg time), PDF, A4, in French',
    params: StatementParams,
    response: {
      200: {
        description: 'The statement, as an attachment named Releve-Comptoir-<YYYY-MM>.pdf',
        content: { 'application/pdf': { schema: StatementPdf } },
      },
      400: problemJson('Malformed month (expected YYYY-MM)'),
      401: problemJson('No live customer session'),
      403: problemJson('The customer’s account is not open yet'),
      429: problemJson('Two statements of the customer’s are already being made (or too many in all)'),
      404: problemJson(
        'Unknown account, or another customer’s (the same answer); or a month before the account’s opening or after the current one',
      ),
    },
  }),
  getAccountsByIdStatementsByMonthCsv: defineRoute({
    method: 'GET',
    path: '/api/accounts/:id/statements/:month.csv',
    auth: 'customer',
    tags: ['statements'],
    summary:
      'A month’s statement of the account (Luxembourg time), CSV (UTF-8 with BOM, « ; », decimal comma, CRLF)',
    params: StatementParams,
    response: {
      200: {
        description: 'The statement, as an attachment named Releve-Comptoir-<YYYY-MM>.csv',
        content: { 'text/csv; charset=utf-8': { schema: StatementCsv } },
      },
      400: problemJson('Malformed month (expected YYYY-MM)'),
      401: problemJson('No live customer session'),
      403: problemJson('The customer’s account is not open yet'),
      429: problemJson('Two statements of the customer’s are already being made (or too many in all)'),
      404: problemJson(
        'Unknown account, or another customer’s (the same answer); or a month before the account’s opening or after the current one',
      ),
    },
  }),
  getAccountsByIdStatementsByMonthCamt053Xml: defineRoute({
    method: 'GET',
    path: '/api/accounts/:id/statements/:month.camt053.xml',
    auth: 'customer',
    tags: ['statements'],
    summary: 'A month’s statement of the account (Luxembourg time), ISO 20022 camt.053.001.08',
    params: StatementParams,
    response: {
      200: {
        description: 'The statement, as an attachment named Releve-Comptoir-<YYYY-MM>.camt053.xml',
        content: { 'application/xml': { schema: StatementCamt053 } },
      },
      400: problemJson('Malformed month (expected YYYY-MM)'),
      401: problemJson('No live customer session'),
      403: problemJson('The customer’s account is not open yet'),
      429: problemJson('Two statements of the customer’s are already being made (or too many in all)'),
      404: problemJson(
        'Unknown account, or another customer’s (the same answer); or a month before the account’s opening or after the current one',
      ),
    },
  }),
  getAccountsByIdBalanceCertificatePdf: defineRoute({
    method: 'GET',
    path: '/api/accounts/:id/balance-certificate.pdf',
    auth: 'customer',
    tags: ['statements'],
    summary: 'A balance certificate (« attestation de solde ») of the account at the moment of issue',
    params: z.object({ id: z.string().max(20) }),
    response: {
      200: {
        description: 'The certificate, as an attachment',
        content: { 'application/pdf': { schema: BalanceCertificatePdf } },
      },
      401: problemJson('No live customer session'),
      403: problemJson('The customer’s account is not open yet'),
      404: problemJson('Unknown account, or another customer’s (the same answer)'),
      409: problemJson('The account has no IBAN (an Espace), or is closed'),
    },
  }),
} as const;
