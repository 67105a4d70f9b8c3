import type { FastifyReply } from 'fastify';

/** A customer's stored file, decrypted for an operator. */
export interface StoredFile {
  mime: string;
  filename: string;
  bytes: Buffer;
}

/**
 * Sends a stored file to an operator as an attachment the browser never renders in the back office's
 * origin (no sniffing, a sandboxing CSP) nor keeps (no-store).
 */
export const sendStoredFile = (reply: FastifyReply, file: StoredFile): FastifyReply =>
  reply
    .header('content-type', file.mime)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'no-store')
    .send(file.bytes);
