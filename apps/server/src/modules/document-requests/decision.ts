// Error codes thrown here: document_request_not_found, document_request_not_pending,
//   document_request_nothing_sent.
import type { Queryable } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { uuidOrNotFound } from '../../http/params.ts';
import { documentRequestById, type DocumentRequestRow } from './queries.ts';

export const requestIdParam = (id: string): string => uuidOrNotFound(id, 'document_request_not_found');

/**
 * Locks a request for a decision: only one waiting for review (a document was sent) can be accepted
 * or rejected, so two operators deciding at once get one success and one 409.
 */
export async function lockSubmittedRequest(q: Queryable, id: string): Promise<DocumentRequestRow> {
  const row = await documentRequestById(q, id, { forUpdate: true });
  if (!row) throw new AppError('document_request_not_found');
  if (row.status !== 'submitted') {
    throw new AppError(
      row.status === 'open' ? 'document_request_nothing_sent' : 'document_request_not_pending',
    );
  }
  return row;
}
