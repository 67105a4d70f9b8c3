// Error codes thrown here: corrections_incomplete, no_corrections_requested.
import { DOCUMENT_KIND_LABELS, type CustomerStatus, type OnboardingCorrections } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { appendAudit } from '../../audit/audit.ts';
import { AppError } from '../../errors.ts';
import { publishStatus } from '../../events/index.ts';
import { applicationOfCustomer } from './queries.ts';
import { kindsUploadedSince, openCorrection } from './correction-queries.ts';
import { changeCustomerStatus, closeCorrectionRequests } from '../customers/index.ts';

const noCorrections = () => new AppError('no_corrections_requested');

async function correctionsOf(q: Queryable, customerId: string): Promise<OnboardingCorrections> {
  const correction = await openCorrection(q, customerId);
  const app = await applicationOfCustomer(q, customerId);
  if (!correction || !app) throw noCorrections();
  const uploaded = new Set(await kindsUploadedSince(q, app.id, correction.requested_at));
  const uploadedKinds = correction.document_kinds.filter((k) => uploaded.has(k));
  return {
    requestedAt: correction.requested_at.toISOString(),
    reasons: correction.reasons,
    documentKinds: correction.document_kinds,
    uploadedKinds,
    readyToSubmit: uploadedKinds.length === correction.document_kinds.length,
  };
}

/** What the operator asked (shown on /wait-for-activation). */
export async function getCorrections(
  ctx: AppContext,
  customerId: string,
  status: CustomerStatus,
): Promise<OnboardingCorrections> {
  if (status !== 'corrections_requested') throw noCorrections();
  return correctionsOf(ctx.db, customerId);
}

/** The applicant sends the corrected application back: `corrections_requested` → `pending_review`. */
export async function submitCorrections(
  ctx: AppContext,
  customerId: string,
): Promise<{ status: CustomerStatus }> {
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const corrections = await correctionsOf(q, customerId);
    if (!corrections.readyToSubmit) {
      const missing = corrections.documentKinds.filter((k) => !corrections.uploadedKinds.includes(k));
      throw new AppError('corrections_incomplete', {
        missing: missing.map((k) => DOCUMENT_KIND_LABELS[k].toLowerCase()),
      });
    }
    const moved = await changeCustomerStatus(q, customerId, ['corrections_requested'], 'pending_review', now);
    if (!moved) throw noCorrections();
    await closeCorrectionRequests(q, customerId, now);
    await appendAudit(q, {
      operatorId: null,
      customerId,
      action: 'customer.corrections_submitted',
      details: { documentKinds: corrections.uploadedKinds },
      at: now,
    });
    await publishStatus(q, customerId, 'pending_review');
    return { status: 'pending_review' as const };
  });
}
