import { PassThrough, type Readable } from 'node:stream';
import type { AppContext } from '../../context.ts';
import { renderOffThread } from './render/job.ts';
import { statementRenderers } from './render/pool.ts';
import { takeStatementBuild } from './statement-builds.ts';
import { writeStatementCsv } from './statement-csv.ts';
import { streamStatement } from './statement-service.ts';

export type StatementFormat = 'pdf' | 'csv' | 'camt053';

const EXTENSIONS: Record<StatementFormat, string> = { pdf: 'pdf', csv: 'csv', camt053: 'camt053.xml' };

export interface StatementDownload {
  filename: string;
  /** The file as it is written; it fails (the download is cut short) if the ledger disagrees. */
  body: Readable;
}

/**
 * The month's statement of one of the acting customer's accounts in one format:
 * `Releve-Comptoir-2025-03.pdf`, `.csv` or `.camt053.xml` (an Espace's file names it too).
 * Resolves once the statement's head is read and checked and the file's first bytes are written
 * (a refusal, or a renderer failing before, is a problem answer), then writes the file as the lines
 * are read. The PDF and the camt.053 are drawn by a renderer thread (`render/`), the lines read
 * here and handed to it a page at a time; the CSV is written here. At most `STATEMENT_BUILDS` are
 * made at once.
 */
export async function statementDownload(
  ctx: AppContext,
  customerId: string,
  accountId: string,
  month: string,
  format: StatementFormat,
): Promise<StatementDownload> {
  const release = takeStatementBuild(ctx, customerId);
  return new Promise<StatementDownload>((resolve, reject) => {
    const body = new PassThrough({ highWaterMark: 256 * 1024 });
    let started = false;
    streamStatement(ctx, customerId, accountId, month, async (statement, lines) => {
      const which = statement.account.kind === 'customer_sub' ? `-Espace-${statement.account.id}` : '';
      const begin = () => {
        started = true;
        resolve({ filename: `Releve-Comptoir${which}-${month}.${EXTENSIONS[format]}`, body });
      };
      if (format === 'csv') {
        begin();
        await writeStatementCsv(statement, lines, body);
      } else await renderOffThread(statementRenderers(ctx), format, statement, lines, body, begin);
    })
      .then(() => body.end())
      .catch((error: unknown) => {
        if (started) body.destroy(error instanceof Error ? error : new Error(String(error)));
        else reject(error instanceof Error ? error : new Error(String(error)));
      })
      .finally(release);
  });
}
