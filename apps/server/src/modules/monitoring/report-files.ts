// Error codes thrown here: file_not_found, monitoring_case_not_found, monitoring_report_not_found.
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError } from '../../errors.ts';
import type { OperatorPrincipal } from '../../http/operator-principal.ts';
import { uuidOrNotFound } from '../../http/params.ts';
import type { StoredFile } from '../../http/stored-file.ts';
import { reportKeys } from './case-queries.ts';
import { reportReference } from './report.ts';

/** What a report's sealed file is bound to: its case and format (a file moved to another case does not open). */
export const reportAad = (caseId: string, format: 'json' | 'pdf'): string =>
  `monitoring-report:${caseId}:${format}`;

/**
 * A case's report, decrypted for an operator. The download is written to the audit log first (its own
 * transaction, committed before any byte leaves).
 */
export async function downloadMonitoringReport(
  ctx: AppContext,
  operator: OperatorPrincipal,
  idParam: string,
  format: 'json' | 'pdf',
): Promise<StoredFile> {
  const caseId = uuidOrNotFound(idParam, 'monitoring_case_not_found');
  const keys = await ctx.db.tx(async (q) => {
    const found = await reportKeys(q, caseId);
    if (!found) throw new AppError('monitoring_case_not_found');
    const key = format === 'pdf' ? found.report_pdf_key : found.report_json_key;
    if (!key) throw new AppError('monitoring_report_not_found');
    await appendAudit(q, {
      operatorId: operator.id,
      customerId: found.customer_id,
      action: 'monitoring.report_downloaded',
      details: { caseId, format },
      at: ctx.clock.now(),
    });
    return key;
  });
  const bytes = await ctx.files.get(keys, reportAad(caseId, format));
  if (!bytes) throw new AppError('file_not_found');
  return {
    mime: format === 'pdf' ? 'application/pdf' : 'application/json',
    filename: `${reportReference(caseId)}.${format}`,
    bytes,
  };
}
