// Error codes thrown here: document_kind_invalid, file_missing, onboarding_upload_not_multipart,
//   upload_invalid.
import type { FastifyRequest } from 'fastify';
import { DocumentKind, MAX_DOCUMENT_BYTES } from '@comptoir/contracts';
import { AppError } from '../../errors.ts';
import { fileTooLarge } from '../../storage/document-file.ts';

const errorCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;

/**
 * Reads `POST /api/onboarding/documents`: multipart with the field `kind` and one `file` part (any
 * order), the file at most 10 MB — a bigger one is cut off while streaming and refused with 413.
 */
export async function readUpload(request: FastifyRequest): Promise<{ kind: DocumentKind; bytes: Buffer }> {
  if (!request.isMultipart()) {
    throw new AppError('onboarding_upload_not_multipart');
  }
  let kindValue: unknown;
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 4, fieldSize: 200, parts: 5 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || bytes) {
          part.file.resume();
          continue;
        }
        bytes = await part.toBuffer();
      } else if (part.fieldname === 'kind') {
        kindValue = part.value;
      }
    }
  } catch (error) {
    if (errorCode(error) === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    throw new AppError('upload_invalid');
  }
  if (!bytes) throw new AppError('file_missing');
  const kind = DocumentKind.safeParse(kindValue);
  if (!kind.success) throw new AppError('document_kind_invalid');
  return { kind: kind.data, bytes };
}
