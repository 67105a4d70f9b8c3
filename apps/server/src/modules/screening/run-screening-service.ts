import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parisDate } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { countScreening } from '../../metrics/count.ts';
import { currentListVersion, entriesInForce } from '../sanctions-lists/index.ts';
import {
  claimCandidateBeneficiaries,
  claimCandidateCustomers,
  clearChangeMarks,
  dueBeneficiaries,
  dueCustomers,
} from './due-queries.ts';
import { matcherThread, type MatcherThread } from './matcher-thread.ts';
import type { ScreeningSubject, SubjectScreening } from './matching/types.ts';
import {
  matchThreshold,
  openAlerts,
  recordScreenings,
  type AlertToOpen,
  type ScreeningRecord,
} from './screening-queries.ts';
import { beneficiarySubject, customerSubject } from './subject-of.ts';

/**
 * Subjects claimed by one transaction. PGlite has one connection, which a transaction holds: its
 * batches are smaller, so that a request waits for one at most a few tens of milliseconds.
 */
export const SCREENING_BATCH = { postgres: 500, pglite: 100 } as const;

/**
 * Batches in flight at once by one instance: on PostgreSQL two, each on its connection, so that one
 * batch's statements run while another's subjects are matched (SKIP LOCKED keeps them apart).
 */
const LANES = { postgres: 2, pglite: 1 } as const;

/**
 * Work one run may do before it leaves the rest to the next (the job runs every 2 s): a stopping
 * server waits for the run in progress, and must be gone within 10 s.
 */
const RUN_BUDGET_MS = 4_000;

export interface ScreeningRunOptions {
  batchSize?: number;
  /** Batches at most in this run (default: as many as the time budget allows). */
  maxBatches?: number;
}

/**
 * The screening job (docs/screening.md#screening): screens every customer and beneficiary due
 * against the list version in force, batch after batch, until none is due or the run's budget is
 * spent. Each batch is one transaction that claims its subjects (locked, skipped by any other
 * instance), matches them, and writes their screenings, their last screening and the alerts
 * opened: a subject is screened exactly once for each reason, whatever the number of instances.
 * Returns how many subjects were screened. No list version in force: nobody is due.
 */
export async function runScreening(ctx: AppContext, options: ScreeningRunOptions = {}): Promise<number> {
  const version = await currentListVersion(ctx.db);
  if (!version) return 0;
  const matcher = matcherThread();
  await matcher.useVersion(version.id, () => entriesInForce(ctx.db, version.id));
  const batchSize = options.batchSize ?? SCREENING_BATCH[ctx.db.kind];
  let batchesLeft = options.maxBatches ?? Number.POSITIVE_INFINITY;
  // An operational budget, not business time: measured, never compared with any date.
  const started = performance.now();
  let screened = 0;
  let drained = false;
  const lane = async () => {
    while (!drained && batchesLeft > 0 && performance.now() - started <= RUN_BUDGET_MS) {
      batchesLeft--;
      const { claimed, done } = await screenBatch(ctx, version.id, matcher, batchSize);
      screened += done;
      if (claimed < batchSize) drained = true;
    }
  };
  await Promise.all(Array.from({ length: LANES[ctx.db.kind] }, lane));
  return screened;
}

interface Due {
  record: Omit<ScreeningRecord, 'outcome' | 'topScore'>;
  subject: ScreeningSubject;
}

/**
 * One transaction: claim candidates, keep those due, match them, record. `claimed` counts the rows
 * locked, `done` those screened.
 */
async function screenBatch(
  ctx: AppContext,
  versionId: string,
  matcher: MatcherThread,
  batchSize: number,
): Promise<{ claimed: number; done: number }> {
  const result = await ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const today = parisDate(now);
    const customerIds = await claimCandidateCustomers(q, { versionId, today, limit: batchSize });
    const beneficiaryIds =
      customerIds.length < batchSize
        ? await claimCandidateBeneficiaries(q, { versionId, limit: batchSize - customerIds.length })
        : [];
    const claimed = customerIds.length + beneficiaryIds.length;
    if (claimed === 0) return { claimed, done: 0 };
    await clearChangeMarks(q, 'customer', customerIds);
    await clearChangeMarks(q, 'beneficiary', beneficiaryIds);
    const due = await loadDue(q, versionId, today, customerIds, beneficiaryIds);
    const threshold = await matchThreshold(q);
    const results = await matcher.screen(
      versionId,
      due.map((d) => d.subject),
      threshold,
    );
    const records: ScreeningRecord[] = due.map(({ record }, i) => {
      const screening = results[i] as SubjectScreening;
      return {
        ...record,
        outcome: screening.matches.length > 0 ? 'possible_match' : 'clear',
        topScore: Math.max(0, Math.min(100, Math.round(screening.topScore))),
      };
    });
    const screeningIds = await recordScreenings(q, { versionId, threshold, today, at: now, records });
    const alerts: AlertToOpen[] = due.flatMap(({ record }, i) =>
      (results[i] as SubjectScreening).matches.map((match) => ({
        id: randomUUID(),
        subjectKind: record.subjectKind,
        subjectId: record.subjectId,
        customerId: record.customerId,
        screeningId: screeningIds.get(`${record.subjectKind}:${record.subjectId}`) ?? '',
        entryId: match.entryId,
        logicalId: match.logicalId,
        subjectIdentitySha256: record.identitySha256,
        entryContentSha256: match.contentSha256,
        score: Math.max(0, Math.min(100, Math.round(match.score))),
        explanation: match.explanation,
      })),
    );
    await openAlerts(q, now, alerts);
    return { claimed, done: due.length };
  });
  countScreening(result.done);
  return result;
}

async function loadDue(
  q: Queryable,
  versionId: string,
  today: string,
  customerIds: readonly string[],
  beneficiaryIds: readonly string[],
): Promise<Due[]> {
  const customers = await dueCustomers(q, { versionId, today, ids: customerIds });
  const beneficiaries = await dueBeneficiaries(q, { versionId, ids: beneficiaryIds });
  return [
    ...customers.map((c) => ({
      record: {
        subjectKind: 'customer' as const,
        subjectId: c.id,
        customerId: c.id,
        reason: c.reason,
        identitySha256: c.identity_sha256,
      },
      subject: customerSubject(c),
    })),
    ...beneficiaries.map((b) => ({
      record: {
        subjectKind: 'beneficiary' as const,
        subjectId: b.id,
        customerId: b.customer_id,
        reason: b.reason,
        identitySha256: b.identity_sha256,
      },
      subject: beneficiarySubject(b),
    })),
  ];
}
