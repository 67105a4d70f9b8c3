import { z } from 'zod';
import { AmountCents, IsoDateTime, text } from './common.ts';

/**
 * Fraud reports (docs/fraud-reports.md): the customer reports one of their transfers as a fraud
 * (« Signaler une fraude »); compliance accepts or rejects it in « Fraudes signalées ». An accepted
 * impersonation claim — a fraudster posed as the bank — is refunded in full. A payee IBAN reported by
 * two different customers is flagged.
 */

export const FraudKind = z.enum(['impersonation', 'other']);
export type FraudKind = z.infer<typeof FraudKind>;
export const FraudReportStatus = z.enum(['submitted', 'accepted', 'rejected']);
export type FraudReportStatus = z.infer<typeof FraudReportStatus>;

export const FRAUD_KIND_LABELS: Record<FraudKind, string> = {
  impersonation: 'Quelqu’un s’est fait passer pour la banque',
  other: 'Autre fraude',
};
export const FRAUD_REPORT_STATUS_LABELS: Record<FraudReportStatus, string> = {
  submitted: 'En cours d’examen',
  accepted: 'Acceptée',
  rejected: 'Refusée',
};

/**
 * `POST /api/fraud-reports`: JSON, or multipart/form-data with the same fields and a `file` (the
 * police report: JPEG, PNG, HEIC or PDF, ≤ 10 MB).
 */
export const CreateFraudReportRequest = z.object({
  transferId: z.uuid('Virement inconnu.'),
  kind: FraudKind,
  description: text()
    .trim()
    .min(20, 'Décrivez ce qui s’est passé (20 caractères au moins).')
    .max(4000, 'Description trop longue (4 000 caractères au maximum).'),
  policeReportNumber: text()
    .trim()
    .min(4, 'Indiquez le numéro du dépôt de plainte.')
    .max(64, 'Numéro de plainte trop long (64 caractères au maximum).'),
});
export type CreateFraudReportRequest = z.infer<typeof CreateFraudReportRequest>;

/** A report as the customer sees it. */
export const FraudReport = z.object({
  id: z.string(),
  transferId: z.string(),
  transferNumber: z.string(),
  kind: FraudKind,
  status: FraudReportStatus,
  amount: AmountCents,
  payeeName: z.string(),
  payeeIban: z.string(),
  description: z.string(),
  policeReportNumber: z.string(),
  hasFile: z.boolean(),
  createdAt: IsoDateTime,
  decidedAt: IsoDateTime.nullable(),
  /** The refund's operation number, once an impersonation claim is accepted. */
  refundNumber: z.string().nullable(),
});
export type FraudReport = z.infer<typeof FraudReport>;

export const FraudReportList = z.object({ items: z.array(FraudReport) });
export type FraudReportList = z.infer<typeof FraudReportList>;

/** `GET /api/backoffice/fraud-reports?status=submitted|decided`. */
export const FraudReportsQuery = z.object({ status: z.enum(['submitted', 'decided']).default('submitted') });
export type FraudReportsQuery = z.infer<typeof FraudReportsQuery>;

/** `POST /api/backoffice/fraud-reports/{id}/decision`. */
export const FraudReportDecisionRequest = z.object({
  decision: z.enum(['accepted', 'rejected']),
  note: text()
    .trim()
    .min(1, 'La note est obligatoire.')
    .max(4000, 'Note trop longue (4 000 caractères au maximum).'),
});
export type FraudReportDecisionRequest = z.infer<typeof FraudReportDecisionRequest>;

/** A report as compliance reads it: the customer, the transfer, whether the payee is flagged. */
export const BackofficeFraudReport = FraudReport.extend({
  customer: z.object({
    id: z.string(),
    customerNumber: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
  }),
  transferAt: IsoDateTime,
  /** How many different customers reported transfers to this payee IBAN (2 or more: flagged). */
  payeeReporters: z.number().int(),
  decision: z
    .object({
      by: z.object({ id: z.string(), name: z.string(), email: z.string() }),
      at: IsoDateTime,
      note: z.string().nullable(),
    })
    .nullable(),
}).meta({ id: 'BackofficeFraudReport' });
export type BackofficeFraudReport = z.infer<typeof BackofficeFraudReport>;

export const BackofficeFraudReportList = z.object({ items: z.array(BackofficeFraudReport) });
export type BackofficeFraudReportList = z.infer<typeof BackofficeFraudReportList>;
