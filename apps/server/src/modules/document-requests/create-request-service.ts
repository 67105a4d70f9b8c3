import {
  DOCUMENT_REQUEST_KIND_LABELS,
  type BackofficeDocumentRequest,
  type CreateDocumentRequest,
} from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError, notFound } from '../../errors.ts';
import { documentRequestedMail, mailBrand } from '../../mail/templates.ts';
import { customerContact } from '../customers/queries.ts';
import type { OperatorPrincipal } from '../operators/auth-service.ts';
import { customerIdParam } from '../review/customers-service.ts';
import { insertDocumentRequest } from './queries.ts';
import { toOperatorView } from './view.ts';

/**
 * An operator asks a customer for a document (SPEC §5, §7): the request, its audit row and the
 * « document requested » mail commit together. A blocking request holds outgoing payments from
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
    const customer = await customerContact(q, customerId);
    if (!customer) throw notFound('Client introuvable.');
    if (customer.status !== 'active') {
      throw new AppError(
        'conflict',
        409,
        'Un document ne peut être demandé qu’à un client dont le compte est ouvert.',
      );
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
    return toOperatorView(q, row);
  });
}
