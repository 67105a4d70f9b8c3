import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import { DAY_MS } from './application.ts';
import { flushStorageDeletions } from '../../storage/file-deletions.ts';
import {
  abandonedApplications,
  abandonedCustomers,
  deleteApplications,
  deleteCustomers,
  expiredRejectedApplications,
} from './retention-queries.ts';
import { dropDocuments } from './document-queries.ts';

/** Identity documents of rejected applications are kept as long as a closed customer's (docs/back-office.md#holds-manual-entries-closing, AML). */
export const REJECTED_DOCUMENTS_RETENTION_DAYS = 5 * 365;
const BATCH = 200;

export interface PurgeReport {
  applications: number;
  customers: number;
  rejectedDocuments: number;
  files: number;
}

/**
 * Daily retention (docs/product/onboarding.md#retention): applications abandoned for `applicationRetentionDays` (drafts never
 * submitted, submissions for an already-registered address) and applicants who never confirmed
 * their address are deleted with their documents; rejected applications lose their documents after
 * the AML retention. Rows go in batched transactions that also queue the stored objects, which are
 * then deleted — and any deletion an earlier run could not finish.
 */
export async function purgeAbandonedApplications(ctx: AppContext): Promise<PurgeReport> {
  const now = ctx.clock.now();
  const cutoff = new Date(now.getTime() - ctx.config.applicationRetentionDays * DAY_MS);
  const rejectedCutoff = new Date(now.getTime() - REJECTED_DOCUMENTS_RETENTION_DAYS * DAY_MS);
  const report: PurgeReport = { applications: 0, customers: 0, rejectedDocuments: 0, files: 0 };

  for (;;) {
    const n = await ctx.db.tx(async (q) => {
      const ids = await abandonedApplications(q, cutoff, BATCH);
      await dropDocuments(q, ids, now);
      await deleteApplications(q, ids);
      return ids.length;
    });
    report.applications += n;
    if (n < BATCH) break;
  }

  for (;;) {
    const n = await ctx.db.tx(async (q) => {
      const rows = await abandonedCustomers(q, cutoff, BATCH);
      const applicationIds = rows.flatMap((r) => (r.application_id ? [r.application_id] : []));
      await dropDocuments(q, applicationIds, now);
      await deleteCustomers(
        q,
        rows.map((r) => r.id),
      );
      if (rows.length > 0) {
        await appendAudit(q, {
          operatorId: null,
          customerId: null,
          action: 'retention.unverified_applicants_purged',
          details: { count: rows.length, olderThanDays: ctx.config.applicationRetentionDays },
          at: now,
        });
      }
      return rows.length;
    });
    report.customers += n;
    if (n < BATCH) break;
  }

  for (;;) {
    const n = await ctx.db.tx(async (q) => {
      const ids = await expiredRejectedApplications(q, rejectedCutoff, BATCH);
      const dropped = await dropDocuments(q, ids, now);
      return { apps: ids.length, docs: dropped.length };
    });
    report.rejectedDocuments += n.docs;
    if (n.apps < BATCH) break;
  }

  report.files = await flushStorageDeletions(ctx);
  return report;
}
