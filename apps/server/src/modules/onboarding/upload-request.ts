import type { FastifyRequest } from 'fastify';
import { DocumentKind, MAX_DOCUMENT_BYTES, ONBOARDING_MESSAGES } from '@comptoir/contracts';
import { AppError } from '../../errors.ts';
import { fileTooLarge } from './document-file.ts';

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
    throw new AppError(
      'unsupported_media_type',
      415,
      'Envoyez le fichier en multipart/form-data (champs « kind » et « file »).',
    );
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
    throw new AppError('validation_failed', 400, 'Envoi de fichier invalide. Veuillez réessayer.');
  }
  if (!bytes) throw new AppError('validation_failed', 400, ONBOARDING_MESSAGES.fileMissing);
  const kind = DocumentKind.safeParse(kindValue);
  if (!kind.success)
    throw new AppError('validation_failed', 400, 'Type de document manquant ou inconnu (champ « kind »).');
  return { kind: kind.data, bytes };
}
