// Error codes thrown here: customer_has_history, customer_has_linked_data, customer_not_found.
import type { EraseCustomerResponse } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError } from '../../errors.ts';
import type { OperatorPrincipal } from '../../http/operator-principal.ts';
import { publishSessionsChanged } from '../../events/index.ts';
import { customerIdParam } from '../../http/params.ts';
import { eraseApplicationDocuments } from '../onboarding/index.ts';
import { deleteStoredFiles } from '../../storage/file-deletions.ts';
import {
  deleteApplicant,
  deleteMailsTo,
  dropDocumentRequestFiles,
  lockCustomerForClosure,
} from './queries.ts';

/** Statuses of someone who applied and was never approved. */
const APPLICANT_STATUSES = new Set(['pending_email', 'pending_review', 'corrections_requested', 'rejected']);

/**
 * Erases an applicant who was never approved and has no ledger history (the danger zone of docs/product/back-office.md#customers): the
 * customer row and what hangs on it (sessions, application, corrections, messages, document
 * requests…) and the mails to their address, in one transaction that also queues the stored
 * documents and document-request files for deletion, then the files. The audit row keeps only the id.
 */
export async function eraseApplicant(
  ctx: AppContext,
  operator: OperatorPrincipal,
  customerParam: string,
): Promise<EraseCustomerResponse> {
  const customerId = customerIdParam(customerParam);
  const now = ctx.clock.now();
  const keys = await ctx.db.tx(async (q) => {
    const customer = await lockCustomerForClosure(q, customerId);
    if (!customer) throw new AppError('customer_not_found');
    if (!APPLICANT_STATUSES.has(customer.status) || customer.has_accounts) {
      throw new AppError('customer_has_history');
    }
    const documents = customer.application_id
      ? await eraseApplicationDocuments(q, customer.application_id, now)
      : [];
    const requestFiles = await dropDocumentRequestFiles(q, customerId, now);
    await deleteMailsTo(q, customerId);
    // Their sessions go below: open live streams end at this news (sent at commit), not at the next
    // heartbeat. Told first, so that the deletion also takes the event out of the customer's log.
    await publishSessionsChanged(q, customerId);
    try {
      await deleteApplicant(q, customerId);
    } catch (error) {
      // A row of another kind still names this customer (no cascade): keep everything.
      if ((error as { code?: string }).code === '23503') {
        throw new AppError('customer_has_linked_data');
      }
      throw error;
    }
    await appendAudit(q, {
      operatorId: operator.id,
      customerId,
      action: 'customer.erased',
      details: {
        previousStatus: customer.status,
        documents: documents.length,
        requestFiles: requestFiles.length,
      },
      at: now,
    });
    return [...documents, ...requestFiles];
  });
  await deleteStoredFiles(ctx, keys);
  return { id: customerId, erased: true };
}
