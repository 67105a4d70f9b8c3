// Error codes thrown here: fraud_report_not_multipart, validation_failed (and readUpload's).
import type { FastifyRequest } from 'fastify';
import { CreateFraudReportRequest } from '@comptoir/contracts';
import { AppError } from '../../errors.ts';
import { readUpload } from '../../http/upload.ts';

const FIELDS = new Set(['transferId', 'kind', 'description', 'policeReportNumber']);

/**
 * Reads `POST /api/fraud-reports`: JSON, or multipart with the same fields and an optional `file`
 * (the police report, ≤ 10 MB, cut off while streaming). The fields are validated here; the file by
 * the service (type by content, cleaned).
 */
export async function readFraudReport(
  request: FastifyRequest,
): Promise<{ body: CreateFraudReportRequest; bytes: Buffer | null }> {
  const multipart = request.isMultipart();
  const { fields, bytes } = multipart
    ? await readUpload(request, {
        notMultipart: 'fraud_report_not_multipart',
        fields: FIELDS,
        limits: { fields: 4, fieldSize: 4100, parts: 5 },
        fileOptional: true,
      })
    : { fields: request.body, bytes: null };
  if (!multipart && (typeof fields !== 'object' || fields === null)) {
    throw new AppError('fraud_report_not_multipart');
  }
  const parsed = CreateFraudReportRequest.safeParse(fields);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    throw new AppError('validation_failed', { errors }, { errors });
  }
  return { body: parsed.data, bytes };
}
