import { z } from 'zod';
import { Email, text } from './common.ts';
import { LoginSecondFactor } from './sca.ts';

export const CUSTOMER_STATUSES = [
  'pending_email',
  'pending_review',
  'corrections_requested',
  'active',
  'rejected',
  'closed',
] as const;
export const CustomerStatus = z.enum(CUSTOMER_STATUSES);
export type CustomerStatus = z.infer<typeof CustomerStatus>;

export const LoginRequest = z.object({
  email: text().trim().toLowerCase().min(1).max(254),
  password: text().min(1).max(256),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const Me = z
  .object({
    id: z.string(),
    customerNumber: z.string(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    phone: z.string().nullable(),
    status: CustomerStatus,
    pendingEmail: z.string().nullable(),
    sessionExpiresAt: z.string(),
    idleTimeoutSeconds: z.number().int(),
    /** Active second factors (TOTP apps and passkeys); 0 → the web app invites to enrol one. */
    secondFactors: z.number().int(),
    /** « Mes informations » (docs/product/profile-and-security.md#profil): what onboarding recorded; null when not given (yet). */
    residenceCountry: z.string().nullable(),
    address: z.string().nullable(),
    postalCode: z.string().nullable(),
    city: z.string().nullable(),
    taxCountry: z.string().nullable(),
    /**
     * The tax number, masked but for its last characters (`•••••6789`): the customer recognises it,
     * a screen seen over a shoulder does not give it away. The full number is never sent back.
     */
    taxIdMasked: z.string().nullable(),
  })
  .meta({ id: 'Me' });
export type Me = z.infer<typeof Me>;

/**
 * `GET /api/session`: whether this browser is signed in, for the web app's every page. Signed out
 * (no cookie, an expired one, or a sign-in waiting for its second factor) is an answer, `me: null`,
 * not an error; `GET /api/me` stays 401 then.
 */
export const SessionState = z.object({ me: Me.nullable() }).meta({ id: 'SessionState' });
export type SessionState = z.infer<typeof SessionState>;

export const PasswordResetRequest = z.object({ email: Email });
export const PasswordResetConfirm = z.object({
  token: text().min(16).max(200),
  password: text().min(1).max(256),
});

/** PATCH /api/me — the /update-user screen. */
/**
 * The names are part of the verified identity: they change only through a reviewed identity change
 * request (identity-changes.ts). They are still accepted here when they equal the name on file (an
 * older form re-sending them); a different value is refused with 422 `identity_fields_not_editable`.
 */
export const UpdateMeRequest = z.object({
  email: Email,
  firstName: text().trim().min(1, 'Tous les champs sont requis.').max(100).optional(),
  lastName: text().trim().min(1, 'Tous les champs sont requis.').max(100).optional(),
  currentPassword: text().min(1).max(256),
  newPassword: text().max(256).optional(),
});
export type UpdateMeRequest = z.infer<typeof UpdateMeRequest>;
export const UpdateMeResponse = z.object({ me: Me, emailChangePending: z.boolean() });

export const EmailChangeConfirm = z.object({ token: text().min(16).max(200) });

/**
 * POST /api/auth/login → the signed-in customer (the session itself travels in the HttpOnly cookie);
 * for a customer with a second factor, what to give to `POST /api/auth/login/second-factor` instead
 * (the cookie then holds a session that only that call and logout accept).
 */
export const LoginCompleted = z.object({ me: Me }).meta({ id: 'LoginCompleted' });
export const LoginResponse = z.union([LoginCompleted, z.object({ secondFactor: LoginSecondFactor })]);
export type LoginResponse = z.infer<typeof LoginResponse>;
export type PasswordResetRequest = z.infer<typeof PasswordResetRequest>;
export type PasswordResetConfirm = z.infer<typeof PasswordResetConfirm>;
export type UpdateMeResponse = z.infer<typeof UpdateMeResponse>;
export type EmailChangeConfirm = z.infer<typeof EmailChangeConfirm>;
/** An accepted request whose outcome is deliberately not told (202 `{}`, e.g. password reset). */
export const Accepted = z.object({}).meta({ id: 'Accepted' });
