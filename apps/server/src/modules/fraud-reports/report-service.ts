// Error codes thrown here: fraud_report_exists, fraud_report_transfer_not_executed,
//   fraud_report_transfer_not_found.
import { randomUUID } from 'node:crypto';
import { normalizeIban } from '@comptoir/core';
import type { CreateFraudReportRequest, FraudReport } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError } from '../../errors.ts';
import { cleanDocument } from '../../storage/document-file.ts';
import { customerFraudReport, customerTransfer, insertFraudReport } from './queries.ts';
import { fraudReportView } from './view.ts';

/**
 * The customer reports one of their executed transfers as a fraud (« Signaler une fraude »), with
 * what happened, whether someone posed as the bank, the police report's number and, if joined, its
 * file — checked and cleaned like every document (JPEG, PNG, HEIC or PDF by content, ≤ 10 MB) and
 * sealed under a random name before the transaction; deleted again if it fails. One report per
 * transfer (409). The payee's IBAN is kept in its canonical form: what two customers' reports flag.
 */
export async function reportFraud(
  ctx: AppContext,
  customerId: string,
  body: CreateFraudReportRequest,
  bytes: Buffer | null,
): Promise<FraudReport> {
  const clean = bytes ? await cleanDocument(bytes) : null;
  const fileId = clean ? randomUUID() : null;
  const storageKey = clean && fileId ? await ctx.files.put(clean.bytes, fileId) : null;
  try {
    return await ctx.db.tx(async (q) => {
      const now = ctx.clock.now();
      const transfer = await customerTransfer(q, customerId, body.transferId);
      if (!transfer) throw new AppError('fraud_report_transfer_not_found');
      if (transfer.status !== 'executed') throw new AppError('fraud_report_transfer_not_executed');
      const id = await insertFraudReport(q, {
        customerId,
        transfer,
        payeeIban: normalizeIban(transfer.payee_iban),
        kind: body.kind,
        description: body.description,
        policeReportNumber: body.policeReportNumber,
        file:
          clean && fileId && storageKey
            ? { id: fileId, storageKey, mime: clean.mime, size: clean.bytes.length }
            : null,
        now,
      });
      if (!id) throw new AppError('fraud_report_exists');
      await appendAudit(q, {
        operatorId: null,
        actor: 'customer',
        customerId,
        action: 'fraud_report.submitted',
        details: { reportId: id, transferId: transfer.id, kind: body.kind, withFile: clean !== null },
        at: now,
      });
      const row = await customerFraudReport(q, customerId, id);
      if (!row) throw new Error('fraud report vanished');
      return fraudReportView(row);
    });
  } catch (error) {
    if (storageKey) await ctx.files.delete(storageKey).catch(() => undefined);
    throw error;
  }
}
