// Error codes thrown here: file_missing, identity_change_not_multipart, upload_invalid.
import type { FastifyRequest } from 'fastify';
import { readUpload } from '../../http/upload.ts';

/** The text fields an identity change request may carry beside its file. */
const FIELDS = new Set(['firstName', 'lastName', 'birthDate', 'taxCountry', 'reason']);

/**
 * Reads `POST /api/identity-change-requests`: multipart with the text fields and one `file` part of
 * at most 10 MB (cut off while streaming and refused with 413), like onboarding's uploads. Empty
 * fields count as not given. The fields are validated by the service.
 */
export const readIdentityChangeForm = (
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; bytes: Buffer }> =>
  readUpload(request, {
    notMultipart: 'identity_change_not_multipart',
    fields: FIELDS,
    limits: { fields: 8, fieldSize: 2000, parts: 9 },
  });
