import type { FastifyRequest } from 'fastify';
import { MAX_DOCUMENT_BYTES, ONBOARDING_MESSAGES } from '@comptoir/contracts';
import { AppError } from '../../errors.ts';
import { fileTooLarge } from '../onboarding/document-file.ts';

const errorCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;

/**
 * Reads `POST /api/document-requests/{id}/documents`: multipart with one `file` part, at most 10 MB
 * (cut off while streaming and refused with 413), like onboarding's uploads.
 */
export async function readRequestFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError(
      'unsupported_media_type',
      415,
      'Envoyez le fichier en multipart/form-data (champ « file »).',
    );
  }
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 4, fieldSize: 200, parts: 5 },
    })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || bytes) {
        part.file.resume();
        continue;
      }
      bytes = await part.toBuffer();
    }
  } catch (error) {
    if (errorCode(error) === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    throw new AppError('validation_failed', 400, 'Envoi de fichier invalide. Veuillez réessayer.');
  }
  if (!bytes) throw new AppError('validation_failed', 400, ONBOARDING_MESSAGES.fileMissing);
  return bytes;
}
