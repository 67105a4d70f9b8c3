import type { ScreeningStatus } from '@comptoir/contracts';
import { parisDate } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import { currentListVersion } from '../sanctions-lists/index.ts';
import { countDue, countNeverScreened } from './due-queries.ts';
import { lastScreeningAt } from './records-queries.ts';

/**
 * `GET /api/backoffice/screening/status`: the list version in force (none: nobody can be screened,
 * and the back office says so), the subjects due now, the last screening, the customers never
 * screened.
 */
export async function screeningStatus(ctx: AppContext): Promise<ScreeningStatus> {
  return ctx.db.tx(async (q) => {
    const version = await currentListVersion(q);
    const last = await lastScreeningAt(q);
    return {
      listVersion: version
        ? {
            id: version.id,
            number: version.number,
            loadedAt: version.createdAt,
            entryCount: version.entryCount,
          }
        : null,
      dueNow: version ? await countDue(q, { versionId: version.id, today: parisDate(ctx.clock.now()) }) : 0,
      lastScreenedAt: last?.toISOString() ?? null,
      neverScreened: await countNeverScreened(q),
    };
  });
}
