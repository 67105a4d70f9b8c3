import { DOCUMENT_REQUEST_KIND_LABELS, type DocumentRequestDecision } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import { documentAcceptedMail, mailBrand } from '../../mail/templates.ts';
import { findCustomerContact } from '../customers/index.ts';
import { publishDocumentRequest } from '../../events/index.ts';
import type { OperatorPrincipal } from '../../http/operator-principal.ts';
import { lockSubmittedRequest, requestIdParam } from './decision.ts';
import { decideDocumentRequest, documentRequestById } from './queries.ts';
import { toOperatorView } from './view.ts';

/**
 * Accepts the document sent for a request: the request is closed and, when it was blocking, the hold
 * is lifted in the same transaction (the hold rules read open and submitted requests only). The
 * customer is told in it too: a live announcement, a notification (« Document accepté ») and a mail.
 */
export async function acceptDocumentRequest(
  ctx: AppContext,
  operator: OperatorPrincipal,
  id: string,
): Promise<DocumentRequestDecision> {
  const requestId = requestIdParam(id);
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const row = await lockSubmittedRequest(q, requestId);
    await decideDocumentRequest(q, {
      id: row.id,
      status: 'accepted',
      operatorId: operator.id,
      reason: null,
      now,
    });
    await appendAudit(q, {
      operatorId: operator.id,
      customerId: row.customer_id,
      action: 'document_request.accepted',
      details: { requestId: row.id, kind: row.kind, blocking: row.blocking },
      at: now,
    });
    const documentLabel = DOCUMENT_REQUEST_KIND_LABELS[row.kind];
    await publishDocumentRequest(q, row.customer_id, {
      requestId: row.id,
      status: 'accepted',
      documentLabel,
      blocking: row.blocking,
    });
    const customer = await findCustomerContact(q, row.customer_id);
    if (customer) {
      await ctx.outbox.enqueue(
        q,
        documentAcceptedMail(mailBrand(ctx.config), {
          to: customer.email,
          firstName: customer.first_name,
          documentLabel,
          blocking: row.blocking,
        }),
      );
    }
    const decided = await documentRequestById(q, row.id);
    if (!decided) throw new Error('request vanished');
    return { request: await toOperatorView(q, decided), replacement: null };
  });
}
