import { DOCUMENT_REQUEST_KIND_LABELS, type DocumentRequestDecision } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import { documentRequestedMail, mailBrand } from '../../mail/templates.ts';
import { findCustomerContact } from '../customers/index.ts';
import { publishDocumentRequest } from '../../events/index.ts';
import type { OperatorPrincipal } from '../../http/operator-principal.ts';
import { lockSubmittedRequest, requestIdParam } from './decision.ts';
import { decideDocumentRequest, documentRequestById, insertDocumentRequest } from './queries.ts';
import { toOperatorView } from './view.ts';

/**
 * Rejects the document sent for a request: the request is closed `rejected` and a new one of the
 * same kind and blocking, carrying the rejection's reason, replaces it (a blocking hold never lapses
 * in between); the customer is mailed the new request, which is announced live (its dialog opens)
 * and kept as a notification. One transaction with its audit row.
 */
export async function rejectDocumentRequest(
  ctx: AppContext,
  operator: OperatorPrincipal,
  id: string,
  reason: string,
): Promise<DocumentRequestDecision> {
  const requestId = requestIdParam(id);
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const row = await lockSubmittedRequest(q, requestId);
    await decideDocumentRequest(q, { id: row.id, status: 'rejected', operatorId: operator.id, reason, now });
    const replacement = await insertDocumentRequest(q, {
      customerId: row.customer_id,
      kind: row.kind,
      reason,
      blocking: row.blocking,
      operatorId: operator.id,
      replacesId: row.id,
      now,
    });
    await appendAudit(q, {
      operatorId: operator.id,
      customerId: row.customer_id,
      action: 'document_request.rejected',
      details: {
        requestId: row.id,
        replacementId: replacement.id,
        kind: row.kind,
        reason,
        blocking: row.blocking,
      },
      at: now,
    });
    const customer = await findCustomerContact(q, row.customer_id);
    if (customer) {
      await ctx.outbox.enqueue(
        q,
        documentRequestedMail(mailBrand(ctx.config), {
          to: customer.email,
          firstName: customer.first_name,
          documentLabel: DOCUMENT_REQUEST_KIND_LABELS[row.kind],
          reason,
        }),
      );
    }
    await publishDocumentRequest(q, row.customer_id, {
      requestId: replacement.id,
      status: 'open',
      documentLabel: DOCUMENT_REQUEST_KIND_LABELS[row.kind],
      blocking: row.blocking,
    });
    const decided = await documentRequestById(q, row.id);
    if (!decided) throw new Error('request vanished');
    return { request: await toOperatorView(q, decided), replacement: await toOperatorView(q, replacement) };
  });
}
