import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import { eraseApplicationDocuments } from '../onboarding/index.ts';
import { flushStorageDeletions } from '../../storage/file-deletions.ts';
import { anonymiseCustomer, customersToAnonymise, dropDocumentRequestFiles } from './queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;

/**
 * Retention job (docs/product/back-office.md#customers): customers closed more than `CUSTOMER_RETENTION_DAYS` ago lose their
 * personal data, identity documents, the files they sent for document requests, their messages and
 * the mails to them; their ledger accounts, entries and transfers stay. Batched transactions
 * (`SKIP LOCKED`, so instances share the work), one audit row each naming only the id; the stored
 * files are queued for deletion in that transaction and deleted after commit. Returns how many were
 * anonymised.
 */
export async function anonymiseClosedCustomers(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const closedBefore = new Date(now.getTime() - ctx.config.customerRetentionDays * DAY_MS);
  let total = 0;
  for (;;) {
    const n = await ctx.db.tx(async (q) => {
      const rows = await customersToAnonymise(q, closedBefore, BATCH);
      for (const row of rows) {
        const dropped = row.application_id ? await eraseApplicationDocuments(q, row.application_id, now) : [];
        const requestFiles = await dropDocumentRequestFiles(q, row.id, now);
        await anonymiseCustomer(q, row.id, now);
        await appendAudit(q, {
          operatorId: null,
          customerId: row.id,
          action: 'retention.customer_anonymised',
          details: {
            documents: dropped.length,
            requestFiles: requestFiles.length,
            retentionDays: ctx.config.customerRetentionDays,
          },
          at: now,
        });
      }
      return rows.length;
    });
    total += n;
    if (n < BATCH) break;
  }
  if (total > 0) await flushStorageDeletions(ctx);
  return total;
}
