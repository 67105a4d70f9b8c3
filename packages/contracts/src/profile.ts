// The customer's profile (docs/product/profile-and-security.md#profil).
import { z } from 'zod';
import { ONBOARDING_MESSAGES, PhoneE164 } from './onboarding.ts';
import { UpdateMeRequest } from './auth.ts';
import { text } from './common.ts';

const contactText = (max: number) =>
  text({ error: ONBOARDING_MESSAGES.required }).trim().min(1, ONBOARDING_MESSAGES.required).max(max);

/** The postal address fields, validated like onboarding's step 6. */
export const PostalAddress = z.object({
  address: contactText(200),
  postalCode: contactText(20),
  city: contactText(100),
});
export type PostalAddress = z.infer<typeof PostalAddress>;

export const PROFILE_MESSAGES = {
  addressIncomplete: 'Veuillez renseigner l’adresse, le code postal et la ville.',
} as const;

/**
 * `PATCH /api/me` — the /update-user screen: e-mail and password, the phone (E.164, as at
 * onboarding) and the postal address (all three fields or none). Fields left out keep their value;
 * every change needs the current password and is audited. Identity fields (names, birth date, tax
 * residence) are refused: they change only through an identity change request.
 */
export const UpdateProfileRequest = UpdateMeRequest.extend({
  phone: PhoneE164.optional(),
  address: contactText(200).optional(),
  postalCode: contactText(20).optional(),
  city: contactText(100).optional(),
  // Never editable here (docs/product/profile-and-security.md#profil): read only so that sending them is refused with 422 rather than
  // silently ignored.
  birthDate: text().max(100).optional(),
  taxCountry: text().max(100).optional(),
  nationality: text().max(100).optional(),
}).superRefine((body, issues) => {
  const given = [body.address, body.postalCode, body.city].filter((v) => v !== undefined).length;
  if (given !== 0 && given !== 3) {
    issues.addIssue({ code: 'custom', path: ['address'], message: PROFILE_MESSAGES.addressIncomplete });
  }
});
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequest>;

/**
 * One of the customer's live sessions (`GET /api/me/sessions`). `id` is a public random id, never
 * the cookie token or its hash. Device, browser and system are read from the user agent the
 * browser sent at sign-in (null when it says nothing recognisable). No place: the bank has no
 * geolocation of addresses, and an IP address alone tells a customer nothing.
 */
export const CustomerSessionView = z
  .object({
    id: z.string(),
    /** The session of the browser asking (« Cet appareil »). */
    current: z.boolean(),
    device: z.enum(['desktop', 'mobile', 'tablet', 'tv', 'unknown']),
    browser: z.string().nullable(),
    os: z.string().nullable(),
    createdAt: z.string(),
    lastSeenAt: z.string(),
  })
  .meta({ id: 'CustomerSession' });
export type CustomerSessionView = z.infer<typeof CustomerSessionView>;
export const CustomerSessionList = z.object({ items: z.array(CustomerSessionView) });
export type CustomerSessionList = z.infer<typeof CustomerSessionList>;

/** `DELETE /api/me/sessions` (all the other sessions) → how many were signed out. */
export const RevokedSessions = z.object({ revoked: z.number().int() });
export type RevokedSessions = z.infer<typeof RevokedSessions>;

/**
 * Live event: the customer's sessions changed (one was signed out from the profile, or all others
 * by a password change). A stream whose own session was revoked gets `signed_out` and ends instead.
 */
export const SessionsLiveEvent = z.object({ type: z.literal('sessions') });
export const SignedOutLiveEvent = z.object({
  type: z.literal('signed_out'),
  /**
   * `revoked`: signed out (elsewhere, or by a new password); `closed`: the bank closed the customer's
   * account; `expired`: idle or absolute limit reached.
   */
  reason: z.enum(['revoked', 'closed', 'expired']),
});
export type SessionsLiveEvent = z.infer<typeof SessionsLiveEvent>;
export type SignedOutLiveEvent = z.infer<typeof SignedOutLiveEvent>;
