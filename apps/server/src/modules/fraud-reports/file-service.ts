// Error codes thrown here: file_not_found, fraud_report_not_found.
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError } from '../../errors.ts';
import { uuidOrNotFound } from '../../http/params.ts';
import type { OperatorPrincipal } from '../../http/operator-principal.ts';
import type { StoredFile } from '../../http/stored-file.ts';
import { fraudReportFile } from './queries.ts';

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/heic': 'heic',
  'application/pdf': 'pdf',
};

/**
 * Opens a report's police report file. The view is audited first (its own transaction, committed
 * before any byte leaves), then the file is decrypted.
 */
export async function viewFraudReportFile(
  ctx: AppContext,
  operator: OperatorPrincipal,
  idParam: string,
): Promise<StoredFile> {
  const id = uuidOrNotFound(idParam, 'fraud_report_not_found');
  const row = await ctx.db.tx(async (q) => {
    const found = await fraudReportFile(q, id);
    if (!found) throw new AppError('fraud_report_not_found');
    if (!found.file_id || !found.file_storage_key || !found.file_mime) throw new AppError('file_not_found');
    await appendAudit(q, {
      operatorId: operator.id,
      customerId: found.customer_id,
      action: 'fraud_report.file_viewed',
      details: { reportId: id },
      at: ctx.clock.now(),
    });
    return { key: found.file_storage_key, fileId: found.file_id, mime: found.file_mime };
  });
  const bytes = await ctx.files.get(row.key, row.fileId);
  if (!bytes) throw new AppError('file_not_found');
  return {
    mime: row.mime,
    filename: `plainte-${id.slice(0, 8)}.${EXTENSIONS[row.mime] ?? 'bin'}`,
    bytes,
  };
}
