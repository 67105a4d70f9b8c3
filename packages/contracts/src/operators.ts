import { z } from 'zod';
import { Email, text } from './common.ts';
import { OperatorRole } from './backoffice.ts';

// ── Operators management (docs/product/back-office.md#elsewhere; admin only) ───────────────────────────────────────────────

/** One operator as the « Opérateurs » screen lists it. */
export const OperatorListItem = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: OperatorRole,
    active: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'OperatorListItem' });
export type OperatorListItem = z.infer<typeof OperatorListItem>;
export const OperatorList = z.object({ items: z.array(OperatorListItem) });
export type OperatorList = z.infer<typeof OperatorList>;

/** `POST /api/backoffice/operators`: without a password, one is generated and shown once. */
export const CreateOperatorRequest = z.object({
  email: Email,
  name: text().trim().min(1).max(100),
  role: OperatorRole,
  password: text().min(1).max(256).optional(),
});
export type CreateOperatorRequest = z.infer<typeof CreateOperatorRequest>;

/** The TOTP secret in clear, shown once: as an otpauth:// URI (the QR code) and as base32 text. */
export const OperatorTotpEnrolment = z.object({ totpSecret: z.string(), otpauthUri: z.string() });
export type OperatorTotpEnrolment = z.infer<typeof OperatorTotpEnrolment>;

export const CreatedOperator = OperatorTotpEnrolment.extend({
  operator: OperatorListItem,
  /** Present only when the server generated the password. */
  generatedPassword: z.string().optional(),
}).meta({ id: 'CreatedOperator' });
export type CreatedOperator = z.infer<typeof CreatedOperator>;

/** `PATCH /api/backoffice/operators/{id}`: deactivation ends the operator's sessions at once. */
export const UpdateOperatorRequest = z
  .object({
    name: text().trim().min(1).max(100).optional(),
    role: OperatorRole.optional(),
    active: z.boolean().optional(),
  })
  .refine((v) => v.name !== undefined || v.role !== undefined || v.active !== undefined, {
    message: 'Rien à modifier.',
  });
export type UpdateOperatorRequest = z.infer<typeof UpdateOperatorRequest>;

export const ResetOperatorTotp = OperatorTotpEnrolment.extend({ operator: OperatorListItem });
export type ResetOperatorTotp = z.infer<typeof ResetOperatorTotp>;

/**
 * `GET /api/backoffice/audit-log/verify`: the chain recomputed; the first row that breaks it, or
 * `truncated` when the chain ends before the head stored with the last append (`headId`, the
 * newest row recorded; `lastId`, where the chain now ends, null when no row is left).
 */
export const AuditChainCheck = z
  .object({
    ok: z.boolean(),
    firstBrokenId: z.string().optional(),
    truncated: z.object({ headId: z.string().nullable(), lastId: z.string().nullable() }).optional(),
    checked: z.number().int(),
  })
  .meta({ id: 'AuditChainCheck' });
export type AuditChainCheck = z.infer<typeof AuditChainCheck>;
