// Error codes thrown here: document_upload_not_multipart, file_missing, upload_invalid.
import type { FastifyRequest } from 'fastify';
import { readUpload } from '../../http/upload.ts';

/**
 * Reads `POST /api/document-requests/{id}/documents`: multipart with one `file` part, at most 10 MB
 * (cut off while streaming and refused with 413), like onboarding's uploads.
 */
export async function readRequestFile(request: FastifyRequest): Promise<Buffer> {
  const { bytes } = await readUpload(request, {
    notMultipart: 'document_upload_not_multipart',
    limits: { fields: 4, fieldSize: 200, parts: 5 },
  });
  return bytes;
}
