// Error codes thrown here: file_missing, file_too_large, upload_invalid (and the form's not-multipart code).
import type { FastifyRequest } from 'fastify';
import { MAX_DOCUMENT_BYTES } from '@comptoir/contracts';
import { AppError } from '../errors.ts';

const errorCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;

export interface UploadForm {
  /** The code of the 415 answered to a request that is not multipart. */
  notMultipart:
    'document_upload_not_multipart' | 'identity_change_not_multipart' | 'fraud_report_not_multipart';
  /** The text fields kept beside the file (others are ignored); none by default. */
  fields?: ReadonlySet<string>;
  /** Busboy's limits on the text parts: how many fields, their size, how many parts in all. */
  limits: { fields: number; fieldSize: number; parts: number };
  /** Whether the form may come without its file (then `bytes` is null). */
  fileOptional?: boolean;
}

/**
 * Reads a customer's upload: multipart with one `file` part of at most `MAX_DOCUMENT_BYTES` (cut off
 * while streaming and refused with 413, like onboarding's uploads) and the text fields `form` names
 * (empty ones count as not given; the caller validates them). Other file parts are drained unread.
 */
export async function readUpload(
  request: FastifyRequest,
  form: UploadForm & { fileOptional: true },
): Promise<{ fields: Record<string, string>; bytes: Buffer | null }>;
export async function readUpload(
  request: FastifyRequest,
  form: UploadForm,
): Promise<{ fields: Record<string, string>; bytes: Buffer }>;
export async function readUpload(
  request: FastifyRequest,
  form: UploadForm,
): Promise<{ fields: Record<string, string>; bytes: Buffer | null }> {
  if (!request.isMultipart()) throw new AppError(form.notMultipart);
  let bytes: Buffer | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, ...form.limits },
    })) {
      if (part.type !== 'file') {
        const value = typeof part.value === 'string' ? part.value : '';
        if (form.fields?.has(part.fieldname) && value.trim() !== '') fields[part.fieldname] = value;
        continue;
      }
      if (part.fieldname !== 'file' || bytes) {
        part.file.resume();
        continue;
      }
      bytes = await part.toBuffer();
    }
  } catch (error) {
    if (errorCode(error) === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('file_too_large');
    throw new AppError('upload_invalid');
  }
  if (!bytes && !form.fileOptional) throw new AppError('file_missing');
  return { fields, bytes: bytes ?? null };
}
