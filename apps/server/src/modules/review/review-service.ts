// Error codes thrown here: application_not_in_review, customer_not_found, document_unrelated_to_request.
import {
  DOCUMENT_KIND_LABELS,
  requiredDocumentKinds,
  type ApproveResponse,
  type CustomerStatus,
  type RequestCorrectionsRequest,
} from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError } from '../../errors.ts';
import {
  applicationApprovedMail,
  applicationCorrectionsMail,
  applicationRejectedMail,
  mailBrand,
} from '../../mail/templates.ts';
import { openMainAccount } from '../accounts/index.ts';
import { issueCard } from '../cards/index.ts';
import { publishStatus } from '../../events/index.ts';
import {
  recordApplicationDecision,
  changeCustomerStatus,
  closeCorrectionRequests,
} from '../customers/index.ts';
import type { OperatorPrincipal } from '../../http/operator-principal.ts';
import { customerIdParam } from '../../http/params.ts';
import {
  applicationSummary,
  customerDetail,
  insertCorrectionRequest,
  type CustomerDetailRow,
} from './customers-queries.ts';

const wrongStatus = (action: 'approve' | 'corrections' | 'reject') =>
  new AppError('application_not_in_review', { action });

/** Locks the customer row for the decision (two operators deciding at once: one wins, one gets 409). */
async function lockApplicant(q: Queryable, id: string): Promise<CustomerDetailRow> {
  const customer = await customerDetail(q, id, { forUpdate: true });
  if (!customer) throw new AppError('customer_not_found');
  return customer;
}

/**
 * Approves an application under review: opens the main account (unique LU IBAN from the
 * institution bank code, mod-97 check digits) and issues the first card, status `active`, welcome
 * mail, audit and live event — one transaction.
 */
export async function approveApplication(
  ctx: AppContext,
  operator: OperatorPrincipal,
  id: string,
): Promise<ApproveResponse> {
  const customerId = customerIdParam(id);
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const customer = await lockApplicant(q, customerId);
    if (customer.status !== 'pending_review') throw wrongStatus('approve');
    const account = await openMainAccount(ctx, q, customerId);
    if (!account.iban) throw new Error('the main account has no IBAN');
    // The first card comes with the account (docs/product/cards.md), holder from the verified identity.
    await issueCard(ctx, q, {
      customerId,
      accountId: account.id,
      firstName: customer.first_name ?? '',
      lastName: customer.last_name ?? '',
    });
    await recordApplicationDecision(q, customerId, { status: 'approved', reason: null, now });
    await closeCorrectionRequests(q, customerId, now);
    await appendAudit(q, {
      operatorId: operator.id,
      customerId,
      action: 'customer.approved',
      details: { accountId: String(account.id), iban: account.iban },
      at: now,
    });
    await ctx.outbox.enqueue(
      q,
      applicationApprovedMail(mailBrand(ctx.config), { to: customer.email, firstName: customer.first_name }),
    );
    await publishStatus(q, customerId, 'active');
    return {
      status: 'active' as const,
      account: { id: String(account.id), iban: account.iban, bic: ctx.config.institution.bic },
    };
  });
}

/** Asks the applicant for corrections (reasons, documents to send again): mail, audit, live event. */
export async function requestCorrections(
  ctx: AppContext,
  operator: OperatorPrincipal,
  id: string,
  body: RequestCorrectionsRequest,
): Promise<{ status: CustomerStatus }> {
  const customerId = customerIdParam(id);
  const documentKinds = [...new Set(body.documentKinds)];
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const customer = await lockApplicant(q, customerId);
    if (customer.status !== 'pending_review') throw wrongStatus('corrections');
    // Only documents of the applicant's own kind (no ID-card verso from a passport holder).
    const application = await applicationSummary(q, customerId);
    const allowed = requiredDocumentKinds(application?.document_type ?? null);
    const foreign = documentKinds.filter((kind) => !allowed.includes(kind));
    if (foreign.length > 0) {
      const labels = foreign.map((k) => DOCUMENT_KIND_LABELS[k]);
      throw new AppError('document_unrelated_to_request', { labels });
    }
    const requestId = await insertCorrectionRequest(q, {
      customerId,
      operatorId: operator.id,
      reasons: body.reasons,
      documentKinds,
      now,
    });
    await changeCustomerStatus(q, customerId, ['pending_review'], 'corrections_requested', now);
    await appendAudit(q, {
      operatorId: operator.id,
      customerId,
      action: 'customer.corrections_requested',
      details: { requestId, reasons: body.reasons, documentKinds },
      at: now,
    });
    const items = [
      ...body.reasons,
      ...documentKinds.map((k) => `Document à renvoyer : ${DOCUMENT_KIND_LABELS[k]}`),
    ];
    await ctx.outbox.enqueue(
      q,
      applicationCorrectionsMail(mailBrand(ctx.config), {
        to: customer.email,
        firstName: customer.first_name,
        reasons: items,
      }),
    );
    await publishStatus(q, customerId, 'corrections_requested');
    return { status: 'corrections_requested' as const };
  });
}

/** Rejects an application (under review or waiting for corrections), with the reason mailed. */
export async function rejectApplication(
  ctx: AppContext,
  operator: OperatorPrincipal,
  id: string,
  reason: string,
): Promise<{ status: CustomerStatus }> {
  const customerId = customerIdParam(id);
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const customer = await lockApplicant(q, customerId);
    if (customer.status !== 'pending_review' && customer.status !== 'corrections_requested') {
      throw wrongStatus('reject');
    }
    await changeCustomerStatus(q, customerId, [customer.status], 'rejected', now);
    await recordApplicationDecision(q, customerId, { status: 'rejected', reason, now });
    await closeCorrectionRequests(q, customerId, now);
    await appendAudit(q, {
      operatorId: operator.id,
      customerId,
      action: 'customer.rejected',
      details: { reason },
      at: now,
    });
    await ctx.outbox.enqueue(
      q,
      applicationRejectedMail(mailBrand(ctx.config), {
        to: customer.email,
        firstName: customer.first_name,
        reason,
      }),
    );
    await publishStatus(q, customerId, 'rejected');
    return { status: 'rejected' as const };
  });
}
