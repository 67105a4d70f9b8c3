import type {
  BackofficeFraudReport,
  BackofficeFraudReportList,
  FraudReportList,
  FraudReportsQuery,
} from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { uuidOrNotFound } from '../../http/params.ts';
import { customerFraudReports, fraudReportById, listFraudReports } from './queries.ts';
import { backofficeFraudReportView, fraudReportView } from './view.ts';

/** The customer's own reports, newest first. */
export async function listOwnFraudReports(ctx: AppContext, customerId: string): Promise<FraudReportList> {
  return { items: (await customerFraudReports(ctx.db, customerId)).map(fraudReportView) };
}

/** « Fraudes signalées »: submitted, oldest first; or decided, newest first. */
export async function listFraudReportQueue(
  ctx: AppContext,
  status: FraudReportsQuery['status'],
): Promise<BackofficeFraudReportList> {
  return { items: (await listFraudReports(ctx.db, status)).map(backofficeFraudReportView) };
}

export async function getFraudReport(ctx: AppContext, idParam: string): Promise<BackofficeFraudReport> {
  const row = await fraudReportById(ctx.db, uuidOrNotFound(idParam, 'fraud_report_not_found'));
  if (!row) throw new AppError('fraud_report_not_found');
  return backofficeFraudReportView(row);
}
