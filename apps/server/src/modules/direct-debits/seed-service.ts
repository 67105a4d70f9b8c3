import type { SandboxDirectDebitRequest } from '@comptoir/contracts';
import { parisDate } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { executeCollection } from './execute-service.ts';
import { checkAnnouncement, recordAnnouncement } from './intake-service.ts';
import type { CollectionRow } from './queries.ts';

/**
 * The sandbox demo's history: a collection announced at `announcedAt` through the intake's own
 * checks and records (its mandate with it, the system as the announcing party), then executed at
 * `executedAt` by the job's rules, in the caller's transaction. Returns the collection as it ends.
 */
export async function collectPastDirectDebit(
  ctx: AppContext,
  q: Queryable,
  body: SandboxDirectDebitRequest,
  at: { announcedAt: Date; executedAt: Date },
): Promise<CollectionRow> {
  const announcing = { ...ctx, clock: { now: () => at.announcedAt } };
  const checked = checkAnnouncement(body, parisDate(at.announcedAt));
  const collection = await recordAnnouncement(announcing, q, null, body, checked);
  return executeCollection({ ...ctx, clock: { now: () => at.executedAt } }, q, collection);
}
