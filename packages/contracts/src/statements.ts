import { z } from 'zod';
import { text } from './common.ts';

/**
 * `GET /api/accounts/{id}/statements/{YYYY-MM}.pdf|.csv|.camt053.xml`: a calendar month of an
 * account (Luxembourg time). A malformed month is a 400; a month before the account's opening or
 * after the current one a 404.
 */
export const StatementParams = z.object({
  id: z.string().max(20),
  month: text().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Mois attendu au format AAAA-MM (par exemple 2025-03)'),
});

const binary = (id: string, description: string) =>
  z.unknown().meta({ id, type: 'string', format: 'binary', description });

export const StatementPdf = binary(
  'StatementPdf',
  'Relevé de compte mensuel, PDF A4 en français (attachment)',
);
export const StatementCsv = binary(
  'StatementCsv',
  'Relevé de compte mensuel, CSV UTF-8 avec BOM, séparateur « ; », virgule décimale, CRLF (attachment)',
);
export const StatementCamt053 = binary(
  'StatementCamt053',
  'Relevé de compte mensuel, ISO 20022 camt.053.001.08 (BankToCustomerStatementV08) (attachment)',
);
export const BalanceCertificatePdf = binary(
  'BalanceCertificatePdf',
  'Attestation de solde à la date du jour, PDF A4 en français (attachment)',
);

export const STATEMENT_FORMATS = ['pdf', 'csv', 'camt053'] as const;
export type StatementFormatId = (typeof STATEMENT_FORMATS)[number];
const SUFFIX: Record<StatementFormatId, string> = { pdf: 'pdf', csv: 'csv', camt053: 'camt053.xml' };

/** Where a month's statement of one of the signed-in customer's accounts is downloaded. */
export const statementPath = (accountId: string, month: string, format: StatementFormatId): string =>
  `/api/accounts/${encodeURIComponent(accountId)}/statements/${encodeURIComponent(month)}.${SUFFIX[format]}`;

/** Where the balance certificate (« attestation de solde ») of an account is downloaded. */
export const balanceCertificatePath = (accountId: string): string =>
  `/api/accounts/${encodeURIComponent(accountId)}/balance-certificate.pdf`;
