// Error codes thrown here: customer_not_found, document_request_customer_not_open.
import {
  DOCUMENT_REQUEST_KIND_LABELS,
  type BackofficeDocumentRequest,
  type CreateDocumentRequest,
} from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError } from '../../errors.ts';
import { documentRequestedMail, mailBrand } from '../../mail/templates.ts';
import { findCustomerContact } from '../customers/index.ts';
import { publishDocumentRequest } from '../../events/index.ts';
import type { OperatorPrincipal } from '../../http/operator-principal.ts';
import { customerIdParam } from '../../http/params.ts';
import { insertDocumentRequest } from './queries.ts';
import { toOperatorView } from './view.ts';

/**
 * An operator asks a customer for a document (docs/product/statements-and-documents.md#documents-the-bank-asks-for): the request, its audit row and the
 * « document requested » mail commit together, with its live announcement (the customer's dialog
 * opens without a reload) and its notification. A blocking request holds outgoing payments from
 * this transaction on.
 */
export async function createDocumentRequest(
  ctx: AppContext,
  operator: OperatorPrincipal,
  id: string,
  body: CreateDocumentRequest,
): Promise<BackofficeDocumentRequest> {
  const customerId = customerIdParam(id);
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const customer = await findCustomerContact(q, customerId);
    if (!customer) throw new AppError('customer_not_found');
    if (customer.status !== 'active') {
      throw new AppError('document_request_customer_not_open');
    }
    const row = await insertDocumentRequest(q, {
      customerId,
      kind: body.kind,
      reason: body.reason,
      blocking: body.blocking,
      operatorId: operator.id,
      replacesId: null,
      now,
    });
    await appendAudit(q, {
      operatorId: operator.id,
      customerId,
      action: 'document_request.created',
      details: { requestId: row.id, kind: body.kind, reason: body.reason, blocking: body.blocking },
      at: now,
    });
    await ctx.outbox.enqueue(
      q,
      documentRequestedMail(mailBrand(ctx.config), {
        to: customer.email,
        firstName: customer.first_name,
        documentLabel: DOCUMENT_REQUEST_KIND_LABELS[body.kind],
        reason: body.reason,
      }),
    );
    await publishDocumentRequest(q, customerId, {
      requestId: row.id,
      status: 'open',
      documentLabel: DOCUMENT_REQUEST_KIND_LABELS[body.kind],
      blocking: body.blocking,
    });
    return toOperatorView(q, row);
  });
}
