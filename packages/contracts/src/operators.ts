import { z } from 'zod';
import { Email, text } from './common.ts';
import { OperatorRole } from './backoffice.ts';

// ── Operators management (docs/product/back-office.md#elsewhere; admin only) ───────────────────────────────────────────────

/**
 * Where an operator stands: `invited` until they chose their password and enrolled their
 * authenticator app through the invitation link, then `active`, or `disabled` by an admin.
 */
export const OperatorState = z.enum(['invited', 'active', 'disabled']);
export type OperatorState = z.infer<typeof OperatorState>;

/** One operator as the « Opérateurs » screen lists it. */
export const OperatorListItem = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: OperatorRole,
    /** Not deactivated (what `PATCH … {active}` sets); an invited operator cannot sign in yet. */
    active: z.boolean(),
    state: OperatorState,
    /** When the newest invitation link expires, for an invited operator (null otherwise). */
    invitationExpiresAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'OperatorListItem' });
export type OperatorListItem = z.infer<typeof OperatorListItem>;
export const OperatorList = z.object({ items: z.array(OperatorListItem) });
export type OperatorList = z.infer<typeof OperatorList>;

/**
 * `POST /api/backoffice/operators`: an invitation. No password: the invited operator chooses it,
 * and enrols their own authenticator app, through the link mailed to this address.
 */
export const CreateOperatorRequest = z.object({
  email: Email,
  name: text().trim().min(1).max(100),
  role: OperatorRole,
});
export type CreateOperatorRequest = z.infer<typeof CreateOperatorRequest>;

/**
 * What an admin learns of an invitation or a TOTP reset: where the link went and until when it
 * works — never a password nor a TOTP secret.
 */
export const OperatorLinkSent = z
  .object({ operator: OperatorListItem, sentTo: z.string(), expiresAt: z.string() })
  .meta({ id: 'OperatorLinkSent' });
export type OperatorLinkSent = z.infer<typeof OperatorLinkSent>;

/** What an enrolment link is for: a first enrolment, or a new authenticator app after a reset. */
export const OperatorEnrolmentPurpose = z.enum(['invitation', 'totp_reset']);
export type OperatorEnrolmentPurpose = z.infer<typeof OperatorEnrolmentPurpose>;

/**
 * `POST /api/backoffice/enrolment/open`: the link's token; after a TOTP reset, with the operator's
 * own password.
 */
export const OperatorEnrolmentOpenRequest = z.object({
  token: text().min(1).max(100),
  password: text().min(1).max(256).optional(),
});
export type OperatorEnrolmentOpenRequest = z.infer<typeof OperatorEnrolmentOpenRequest>;

/** The TOTP secret offered to the operator holding the link, as an otpauth:// URI (QR code) and base32. */
export const OperatorEnrolmentOffer = z
  .object({
    purpose: OperatorEnrolmentPurpose,
    email: z.string(),
    name: z.string(),
    totpSecret: z.string(),
    otpauthUri: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: 'OperatorEnrolmentOffer' });
export type OperatorEnrolmentOffer = z.infer<typeof OperatorEnrolmentOffer>;

/**
 * `POST /api/backoffice/enrolment/complete`: the token, the password (chosen for an invitation,
 * the current one after a TOTP reset) and a code of the app just enrolled.
 */
export const OperatorEnrolmentCompleteRequest = z.object({
  token: text().min(1).max(100),
  password: text().min(1).max(256),
  code: text().regex(/^\d{6}$/),
});
export type OperatorEnrolmentCompleteRequest = z.infer<typeof OperatorEnrolmentCompleteRequest>;

export const OperatorEnrolmentDone = z.object({ purpose: OperatorEnrolmentPurpose, email: z.string() });
export type OperatorEnrolmentDone = z.infer<typeof OperatorEnrolmentDone>;

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

/**
 * `GET /api/backoffice/audit-log/verify`: the chain recomputed, then compared with its newest
 * checkpoint kept outside the database; the first row that breaks it (or the checkpoint's row, when
 * it has another hash there), or `truncated` when the chain ends before the head stored with the
 * last append or before the checkpoint (`headId`, the newest row recorded; `lastId`, where the chain
 * now ends, null when no row is left). `checkpoint`: the one compared with (`refused` when its MAC
 * fails: then the chain is not reported intact), null when none was written yet.
 */
export const AuditChainCheck = z
  .object({
    ok: z.boolean(),
    firstBrokenId: z.string().optional(),
    truncated: z.object({ headId: z.string().nullable(), lastId: z.string().nullable() }).optional(),
    checkpoint: z
      .object({
        status: z.enum(['valid', 'refused']),
        lastId: z.string().nullable().optional(),
        at: z.string().optional(),
      })
      .nullable()
      .optional(),
    checked: z.number().int(),
  })
  .meta({ id: 'AuditChainCheck' });
export type AuditChainCheck = z.infer<typeof AuditChainCheck>;
