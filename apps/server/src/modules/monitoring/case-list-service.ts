// Error codes thrown here: monitoring_case_not_found.
import type { MonitoringCase, MonitoringCaseList } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { uuidOrNotFound } from '../../http/params.ts';
import { readCase } from './case-lock.ts';
import { listCases } from './case-queries.ts';
import { caseSummaryView } from './case-view.ts';

/**
 * The « Surveillance » queue: cases open (or with a report proposed and waiting for its second
 * operator), oldest first; or closed ones, newest decided first. At most 500 each.
 */
export async function listMonitoringCases(
  ctx: AppContext,
  status: 'open' | 'closed',
): Promise<MonitoringCaseList> {
  return { items: (await listCases(ctx.db, status)).map(caseSummaryView) };
}

/** One case: the customer's file, the hits and their operations, notes, steps and timeline. */
export async function getMonitoringCase(ctx: AppContext, idParam: string): Promise<MonitoringCase> {
  const found = await readCase(ctx.db, uuidOrNotFound(idParam, 'monitoring_case_not_found'));
  if (!found) throw new AppError('monitoring_case_not_found');
  return found;
}
