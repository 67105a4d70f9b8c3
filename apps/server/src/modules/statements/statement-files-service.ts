import type { AppContext } from '../../context.ts';
import type { DownloadFile } from './certificate-service.ts';
import { renderStatementCamt053 } from './statement-camt053.ts';
import { renderStatementCsv } from './statement-csv.ts';
import { renderStatementPdf } from './statement-pdf.ts';
import { buildStatement } from './statement-service.ts';

export type StatementFormat = 'pdf' | 'csv' | 'camt053';

const EXTENSIONS: Record<StatementFormat, string> = { pdf: 'pdf', csv: 'csv', camt053: 'camt053.xml' };

const RENDERERS = {
  pdf: renderStatementPdf,
  csv: renderStatementCsv,
  camt053: renderStatementCamt053,
} satisfies Record<StatementFormat, (s: Awaited<ReturnType<typeof buildStatement>>) => unknown>;

/**
 * The month's statement of one of the acting customer's accounts in one format:
 * `Releve-Comptoir-2025-03.pdf`, `.csv` or `.camt053.xml` (an Espace's file names it too).
 */
export async function statementFile(
  ctx: AppContext,
  customerId: string,
  accountId: string,
  month: string,
  format: StatementFormat,
): Promise<DownloadFile> {
  const statement = await buildStatement(ctx, customerId, accountId, month);
  const bytes = await RENDERERS[format](statement);
  const which = statement.account.kind === 'customer_sub' ? `-Espace-${statement.account.id}` : '';
  return { filename: `Releve-Comptoir${which}-${month}.${EXTENSIONS[format]}`, bytes };
}
