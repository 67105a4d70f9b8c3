import type { EraseCustomerResponse } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError, notFound } from '../../errors.ts';
import type { OperatorPrincipal } from '../operators/auth-service.ts';
import { customerIdParam } from '../review/customers-service.ts';
import { dropDocuments } from '../onboarding/document-queries.ts';
import { deleteStoredFiles } from '../onboarding/file-deletions.ts';
import { deleteApplicant, lockCustomerForClosure } from './queries.ts';

/** Statuses of someone who applied and was never approved. */
const APPLICANT_STATUSES = new Set(['pending_email', 'pending_review', 'corrections_requested', 'rejected']);

/**
 * Erases an applicant who was never approved and has no ledger history (SPEC §7 danger zone): the
 * customer row and what hangs on it (sessions, application, corrections…) in one transaction that
 * also queues the stored documents for deletion, then the files. The audit row keeps only the id.
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
    if (!customer) throw notFound('Client introuvable.');
    if (!APPLICANT_STATUSES.has(customer.status) || customer.has_accounts) {
      throw new AppError(
        'conflict',
        409,
        'Ce client a un historique bancaire : il ne peut pas être supprimé, seulement clôturé.',
      );
    }
    const dropped = customer.application_id ? await dropDocuments(q, [customer.application_id], now) : [];
    try {
      await deleteApplicant(q, customerId);
    } catch (error) {
      // A row of another kind still names this customer (no cascade): keep everything.
      if ((error as { code?: string }).code === '23503') {
        throw new AppError(
          'conflict',
          409,
          'Ce client a encore des données liées : il ne peut pas être supprimé.',
        );
      }
      throw error;
    }
    await appendAudit(q, {
      operatorId: operator.id,
      customerId,
      action: 'customer.erased',
      details: { previousStatus: customer.status, documents: dropped.length },
      at: now,
    });
    return dropped;
  });
  await deleteStoredFiles(ctx, keys);
  return { id: customerId, erased: true };
}
