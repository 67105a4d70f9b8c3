// Error codes thrown here: document_request_not_found, request_closed_to_documents, too_many_files.
import { randomUUID } from 'node:crypto';
import type { DocumentRequest } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError } from '../../errors.ts';
import { cleanDocument } from '../../storage/document-file.ts';
import { requestIdParam } from './decision.ts';
import {
  countRequestFiles,
  customerDocumentRequest,
  insertRequestFile,
  markSubmitted,
  type DocumentRequestRow,
} from './queries.ts';
import { toCustomerViews } from './view.ts';

/** Files one request takes (a document in several pages or photos, retakes), no more. */
export const MAX_FILES_PER_REQUEST = 10;

const notAccepting = () => new AppError('request_closed_to_documents');

async function ownOpenRequest(
  q: Queryable,
  customerId: string,
  requestId: string,
  forUpdate: boolean,
): Promise<DocumentRequestRow> {
  const row = await customerDocumentRequest(q, customerId, requestId, { forUpdate });
  if (!row) throw new AppError('document_request_not_found');
  if (row.status !== 'open' && row.status !== 'submitted') throw notAccepting();
  return row;
}

/**
 * The customer sends a file for one of their requests, under onboarding's rules: checked by content
 * (JPEG, PNG, HEIC, PDF; ≤ 10 MB), images re-encoded without metadata, sealed under a random name.
 * The request moves open → submitted and waits for an operator (a blocking one keeps holding payments
 * until it is accepted). Another customer's request answers 404 like an unknown one.
 */
export async function uploadRequestDocument(
  ctx: AppContext,
  customerId: string,
  id: string,
  bytes: Buffer,
): Promise<DocumentRequest> {
  const requestId = requestIdParam(id);
  await ownOpenRequest(ctx.db, customerId, requestId, false);
  const clean = await cleanDocument(bytes);
  const fileId = randomUUID();
  const storageKey = await ctx.files.put(clean.bytes, fileId);
  try {
    return await ctx.db.tx(async (q) => {
      const now = ctx.clock.now();
      const row = await ownOpenRequest(q, customerId, requestId, true);
      if ((await countRequestFiles(q, row.id)) >= MAX_FILES_PER_REQUEST) {
        throw new AppError('too_many_files');
      }
      await insertRequestFile(q, {
        id: fileId,
        requestId: row.id,
        customerId,
        mime: clean.mime,
        size: clean.bytes.length,
        storageKey,
        now,
      });
      await markSubmitted(q, row.id, now);
      await appendAudit(q, {
        operatorId: null,
        customerId,
        action: 'document_request.uploaded',
        details: { requestId: row.id, fileId, mime: clean.mime, size: clean.bytes.length },
        at: now,
      });
      const updated = await customerDocumentRequest(q, customerId, row.id);
      if (!updated) throw new Error('request vanished');
      const [view] = await toCustomerViews(q, [updated]);
      if (!view) throw new Error('no view');
      return view;
    });
  } catch (error) {
    await ctx.files.delete(storageKey).catch(() => undefined);
    throw error;
  }
}
