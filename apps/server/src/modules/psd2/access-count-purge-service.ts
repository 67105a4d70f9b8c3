import { addDays, parisDate } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import { deleteAccessCountsBefore } from './queries.ts';

/**
 * The job `psd2-access-count-purge`: the unattended-call counters of days before yesterday (Paris)
 * are deleted; today's limit the calls, yesterday's stay for a look back.
 */
export const purgeAccessCounts = (ctx: AppContext): Promise<number> =>
  deleteAccessCountsBefore(ctx.db, addDays(parisDate(ctx.clock.now()), -1));
