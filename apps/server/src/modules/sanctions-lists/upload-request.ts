// Error codes thrown here: sanctions_list_not_multipart, sanctions_list_too_large, file_missing, upload_invalid.
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { MAX_SANCTIONS_LIST_BYTES } from '@comptoir/contracts';
import { AppError } from '../../errors.ts';

/** The content types of a raw list (its body the XML file itself); routes.ts hands their stream through unread. */
export const RAW_LIST_TYPES = ['application/xml', 'text/xml'];

const errorCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;

const isStream = (value: unknown): value is Readable =>
  typeof value === 'object' && value !== null && Symbol.asyncIterator in value && 'pipe' in value;

/** A raw body, at most MAX_SANCTIONS_LIST_BYTES (refused as soon as it says or grows larger). */
async function readRaw(request: FastifyRequest, body: Readable): Promise<Buffer> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > MAX_SANCTIONS_LIST_BYTES) throw new AppError('sanctions_list_too_large');
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
      size += bytes.length;
      if (size > MAX_SANCTIONS_LIST_BYTES) throw new AppError('sanctions_list_too_large');
      chunks.push(bytes);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('upload_invalid');
  }
  if (size === 0) throw new AppError('file_missing');
  return Buffer.concat(chunks, size);
}

/**
 * Reads `POST /api/backoffice/sanctions/lists`: multipart with one `file` part (other parts are
 * drained unread), or the XML file itself as the body (`application/xml`). At most 100 MB, cut off
 * while streaming and refused with 413.
 */
export async function readListFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    const body: unknown = request.body;
    if (isStream(body)) return readRaw(request, body);
    throw new AppError('sanctions_list_not_multipart');
  }
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAX_SANCTIONS_LIST_BYTES, files: 1, fields: 4, fieldSize: 200, parts: 5 },
    })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || bytes) {
        part.file.resume();
        continue;
      }
      bytes = await part.toBuffer();
    }
  } catch (error) {
    if (errorCode(error) === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('sanctions_list_too_large');
    throw new AppError('upload_invalid');
  }
  if (!bytes) throw new AppError('file_missing');
  return bytes;
}
