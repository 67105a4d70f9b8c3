// Error codes thrown here: screening_alert_not_found.
import type { ScreeningAlert, ScreeningAlertList } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { uuidOrNotFound } from '../../http/params.ts';
import { alertById, listAlerts } from './alert-queries.ts';
import { alertView } from './alert-view.ts';

/**
 * The « Criblage » queue: open alerts (undecided, or a confirmation proposed and waiting for its
 * second operator), oldest first; or closed ones, newest decided first. At most 500 each.
 */
export async function listScreeningAlerts(
  ctx: AppContext,
  status: 'open' | 'closed',
): Promise<ScreeningAlertList> {
  return { items: (await listAlerts(ctx.db, status)).map(alertView) };
}

/** One alert: the subject and the list entry side by side, the score, its explanation, its steps. */
export async function getScreeningAlert(ctx: AppContext, idParam: string): Promise<ScreeningAlert> {
  const row = await alertById(ctx.db, uuidOrNotFound(idParam, 'screening_alert_not_found'));
  if (!row) throw new AppError('screening_alert_not_found');
  return alertView(row);
}
