import type { Queryable } from '../../db/types.ts';
import { AppError, notFound } from '../../errors.ts';
import { uuidOrNotFound } from '../review/customers-service.ts';
import { documentRequestById, type DocumentRequestRow } from './queries.ts';

export const requestIdParam = (id: string): string => uuidOrNotFound(id, 'Demande de document introuvable.');

/**
 * Locks a request for a decision: only one waiting for review (a document was sent) can be accepted
 * or rejected, so two operators deciding at once get one success and one 409.
 */
export async function lockSubmittedRequest(q: Queryable, id: string): Promise<DocumentRequestRow> {
  const row = await documentRequestById(q, id, { forUpdate: true });
  if (!row) throw notFound('Demande de document introuvable.');
  if (row.status !== 'submitted') {
    throw new AppError(
      'conflict',
      409,
      row.status === 'open'
        ? 'Aucun document n’a encore été envoyé pour cette demande.'
        : 'Cette demande a déjà été traitée.',
    );
  }
  return row;
}
