import { z } from 'zod';
import { CreateFraudReportRequest, FraudKind, type FraudReport } from '@comptoir/contracts';

/**
 * « Signaler une fraude »'s form: the contract's fields but the transfer (the operation names it),
 * the kind asked as « Quelqu’un s’est-il fait passer pour la banque ? » — yes is an impersonation,
 * no any other fraud — and answered on purpose (`kindRequired` when left unanswered).
 */
export const fraudReportForm = (kindRequired: string) =>
  CreateFraudReportRequest.omit({ transferId: true }).extend({
    kind: z.enum(FraudKind.options, { error: kindRequired }),
  });
export type FraudReportFormSchema = ReturnType<typeof fraudReportForm>;

/** The question's answers, as the radio buttons hold them. */
export type PosedAsBank = 'yes' | 'no';
export const KIND_OF_ANSWER: Record<PosedAsBank, FraudKind> = { yes: 'impersonation', no: 'other' };
export const answerOf = (kind: FraudKind | undefined): PosedAsBank | null =>
  kind === 'impersonation' ? 'yes' : kind === 'other' ? 'no' : null;

/** Which of the status lines a report reads (`fraudReports.status.*`), and the refund's number. */
export function fraudReportStatus(report: Pick<FraudReport, 'status' | 'refundNumber'>): {
  key: 'submitted' | 'refunded' | 'accepted' | 'rejected';
  number: string | null;
} {
  if (report.status === 'accepted' && report.refundNumber)
    return { key: 'refunded', number: report.refundNumber };
  return { key: report.status, number: null };
}

/** An operation a customer may report: a transfer out of their account, booked (the money left). */
export const isReportableOperation = (o: {
  kind: string;
  direction: 'credit' | 'debit';
  status: string;
  rejectionReason: string | null;
}): boolean =>
  o.kind === 'transfer' && o.direction === 'debit' && o.status === 'posted' && !o.rejectionReason;
