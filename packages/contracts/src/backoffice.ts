import { z } from 'zod';
import { AmountCents, Email, text } from './common.ts';
import { CustomerStatus } from './auth.ts';
import {
  BirthDate,
  Country,
  DocumentKind,
  DocumentMime,
  Gender,
  IdentityDocumentType,
  IncomeRange,
  PhoneE164,
} from './onboarding.ts';

export const OPERATOR_ROLES = ['admin', 'compliance', 'support'] as const;
export const OperatorRole = z.enum(OPERATOR_ROLES);
export type OperatorRole = z.infer<typeof OperatorRole>;

export const OperatorLoginRequest = z.object({
  email: text().trim().toLowerCase().min(1).max(254),
  password: text().min(1).max(256),
});
export const OperatorLoginResponse = z.object({ secondFactor: z.literal('totp') });
export const OperatorTotpRequest = z.object({ code: text().regex(/^\d{6}$/) });
export const Operator = z
  .object({ id: z.string(), email: z.string(), name: z.string(), role: OperatorRole })
  .meta({ id: 'Operator' });
export type Operator = z.infer<typeof Operator>;
export const OperatorSession = z.object({ operator: Operator, idleTimeoutSeconds: z.number().int() });
export type OperatorSession = z.infer<typeof OperatorSession>;
/** GET /api/backoffice/auth/me: the operator, plus the session timings the UI needs after a reload. */
export const OperatorMe = Operator.extend({
  idleTimeoutSeconds: z.number().int(),
  sessionExpiresAt: z.string(),
}).meta({ id: 'OperatorMe' });
export type OperatorMe = z.infer<typeof OperatorMe>;

export const AuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  operatorId: z.string().nullable(),
  /** The acting operator's e-mail (null for the system or the customer). */
  operatorEmail: z.string().nullable(),
  /** Who acted: an operator (`operatorId`), the customer themselves (`customerId`), or the system. */
  actor: z.enum(['operator', 'customer', 'system']),
  customerId: z.string().nullable(),
  action: z.string(),
  details: z.record(z.string(), z.unknown()),
  hash: z.string(),
});
export const AuditQuery = z.object({
  customerId: text().max(64).optional(),
  operatorId: text().max(64).optional(),
  action: text().max(100).optional(),
  /** Inclusive bounds on the entry's time (ISO 8601 date or date-time). */
  from: text().max(40).optional(),
  to: text().max(40).optional(),
  cursor: text().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
export type AuditQuery = z.infer<typeof AuditQuery>;
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditPage = z.object({ items: z.array(AuditEntry), nextCursor: z.string().nullable() });
export type AuditPage = z.infer<typeof AuditPage>;

export const CreateOperatorArgs = z.object({ email: Email, password: text(), role: OperatorRole });

// ── Customer review (docs/product/back-office.md#customers) ──────────────────────────────────────
// Roles: every operator may list and read customers; documents, personal-data edits and the review
// actions (approve, request corrections, reject) need `admin` or `compliance` (403 `forbidden` else).

/** `GET /api/backoffice/customers?status=&q=&cursor=&limit=` — applications to review first. */
export const BackofficeCustomersQuery = z.object({
  status: CustomerStatus.optional(),
  q: text().trim().max(100).optional().meta({ description: 'Name, e-mail or customer number' }),
  cursor: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type BackofficeCustomersQuery = z.infer<typeof BackofficeCustomersQuery>;
export const BackofficeCustomerRow = z
  .object({
    id: z.string(),
    number: z.string(),
    lastName: z.string().nullable(),
    firstName: z.string().nullable(),
    email: z.string(),
    status: CustomerStatus,
    createdAt: z.string(),
  })
  .meta({ id: 'BackofficeCustomerRow' });
export type BackofficeCustomerRow = z.infer<typeof BackofficeCustomerRow>;
/** Order: pending_review, then corrections_requested, then pending_email, then the rest; newest first within. */
export const BackofficeCustomersPage = z.object({
  items: z.array(BackofficeCustomerRow),
  nextCursor: z.string().nullable(),
  total: z.number().int().meta({ description: 'Rows matching status and q' }),
});
export type BackofficeCustomersPage = z.infer<typeof BackofficeCustomersPage>;

export const BackofficeAccount = z.object({
  id: z.string(),
  iban: z.string().nullable(),
  bic: z.string(),
  name: z.string(),
  kind: z.enum(['main', 'sub']),
  status: z.string(),
  bookedBalance: AmountCents,
  availableBalance: AmountCents,
});
export type BackofficeAccount = z.infer<typeof BackofficeAccount>;

export const BackofficeCorrectionRequest = z.object({
  id: z.string(),
  requestedAt: z.string(),
  operatorName: z.string().nullable(),
  reasons: z.array(z.string()),
  documentKinds: z.array(DocumentKind),
  resolvedAt: z.string().nullable(),
});
export type BackofficeCorrectionRequest = z.infer<typeof BackofficeCorrectionRequest>;

/** `GET /api/backoffice/customers/{id}` — the manage panel. */
export const BackofficeCustomerDetail = z
  .object({
    id: z.string(),
    number: z.string(),
    status: CustomerStatus,
    email: z.string(),
    emailVerifiedAt: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    gender: Gender.nullable(),
    birthDate: z.string().nullable(),
    age: z.number().int().nullable().meta({ description: 'Whole years, from the birth date' }),
    phone: z.string().nullable(),
    profession: z.string().nullable(),
    income: IncomeRange.nullable(),
    incomeLabel: z.string().nullable().meta({ description: 'e.g. « De 1 500 € à 3 000 € par mois »' }),
    residenceCountry: z.string().nullable(),
    address: z.string().nullable(),
    postalCode: z.string().nullable(),
    city: z.string().nullable(),
    taxCountry: z.string().nullable(),
    taxId: z.string().nullable(),
    createdAt: z.string(),
    accounts: z.array(BackofficeAccount),
    application: z
      .object({
        documentCountry: z.string().nullable(),
        documentType: IdentityDocumentType.nullable(),
        submittedAt: z.string().nullable(),
        decidedAt: z.string().nullable(),
        rejectionReason: z.string().nullable(),
      })
      .nullable(),
    corrections: z.array(BackofficeCorrectionRequest).meta({ description: 'Newest first' }),
  })
  .meta({ id: 'BackofficeCustomerDetail' });
export type BackofficeCustomerDetail = z.infer<typeof BackofficeCustomerDetail>;

/** `PATCH /api/backoffice/customers/{id}` — personal data edit (audited); at least one field → detail. */
export const BackofficeCustomerUpdate = z
  .object({
    firstName: text().trim().min(1).max(100),
    lastName: text().trim().min(1).max(100),
    gender: Gender,
    birthDate: BirthDate,
    phone: PhoneE164,
    profession: text().trim().min(1).max(100),
    income: IncomeRange,
    address: text().trim().min(1).max(200),
    postalCode: text().trim().min(1).max(20),
    city: text().trim().min(1).max(100),
    taxCountry: Country,
    taxId: text().trim().min(1).max(50),
  })
  .partial()
  .refine((body) => Object.values(body).some((v) => v !== undefined), 'Aucune modification.');
export type BackofficeCustomerUpdate = z.infer<typeof BackofficeCustomerUpdate>;

/** `POST …/{id}/approve` (status pending_review) → the opened main account. 409 `conflict` in another status. */
export const ApproveResponse = z.object({
  status: z.literal('active'),
  account: z.object({ id: z.string(), iban: z.string(), bic: z.string() }),
});
export type ApproveResponse = z.infer<typeof ApproveResponse>;
/** `POST …/{id}/request-corrections` (status pending_review) → {status: 'corrections_requested'}. */
export const RequestCorrectionsRequest = z.object({
  reasons: z
    .array(text().trim().min(1, 'Motif vide.').max(500))
    .min(1, 'Indiquez au moins un motif.')
    .max(10),
  documentKinds: z.array(DocumentKind).max(5).default([]),
});
export type RequestCorrectionsRequest = z.infer<typeof RequestCorrectionsRequest>;
/** `POST …/{id}/reject` (pending_review or corrections_requested) → {status: 'rejected'}. */
export const RejectRequest = z.object({ reason: text().trim().min(1, 'Indiquez un motif.').max(1000) });
export type RejectRequest = z.infer<typeof RejectRequest>;
export const ReviewStatusResponse = z.object({ status: CustomerStatus });
export type ReviewStatusResponse = z.infer<typeof ReviewStatusResponse>;

/** `GET …/{id}/documents` — every stored document, current ones first. */
export const BackofficeDocument = z
  .object({
    id: z.string(),
    kind: DocumentKind,
    mime: DocumentMime,
    size: z.number().int(),
    uploadedAt: z.string(),
    current: z.boolean().meta({ description: 'False when replaced by a later upload of the same kind' }),
  })
  .meta({ id: 'BackofficeDocument' });
export type BackofficeDocument = z.infer<typeof BackofficeDocument>;
/**
 * `GET /api/backoffice/documents/{id}` → the decrypted file (Content-Type = its mime,
 * Content-Disposition: attachment, X-Content-Type-Options: nosniff, Cache-Control: no-store).
 * Each call is written to the audit log (`document.viewed`). Fetch it as a Blob and show an object URL.
 */
