// EMV 3-D Secure on the issuer's side (docs/product/cards.md#3-d-secure).
//
// A merchant's 3-D Secure server asks the bank to authenticate an online payment before it asks for
// the authorisation. The bank answers at once — frictionless under a PSD2 RTS exemption (low value,
// art. 16), rejected for a locked, cancelled or online-disabled card — or with a challenge: the
// customer approves the payment in the app with a second factor (decoupled authentication; the SCA
// token is bound to the amount and the merchant, art. 5) or refuses it; unanswered within 10 minutes it
// expires. An authenticated payment carries an authentication value that the authorisation checks:
// same card, same merchant, an amount no larger than the approved one, used once.
import { z } from 'zod';
import { AmountCents, IsoDateTime, text } from './common.ts';
import { CardAuthorizationRequest, CardDeclineReason } from './cards.ts';

/** How long a customer has to answer a challenge. */
export const CARD_AUTHENTICATION_TTL_MINUTES = 10;

/** The RTS art. 16 low-value exemption: each payment, and the payments since the last SCA. */
export const LOW_VALUE_EXEMPTION = {
  maxAmount: 3_000,
  maxCumulativeAmount: 10_000,
  maxCount: 5,
} as const;

const MerchantUrl = text()
  .trim()
  .max(200)
  .regex(/^https?:\/\/[^\s]+$/i, 'Adresse du site marchand invalide.');

/** `POST /api/sandbox/3ds/authentications`: the merchant's 3-D Secure server asks (sandbox). */
export const ThreeDsAuthenticationRequest = z
  .object({
    pan: CardAuthorizationRequest.shape.pan,
    expiry: CardAuthorizationRequest.shape.expiry,
    amount: CardAuthorizationRequest.shape.amount,
    merchant: CardAuthorizationRequest.shape.merchant,
    merchantUrl: MerchantUrl.optional(),
  })
  .meta({ id: 'ThreeDsAuthenticationRequest' });
export type ThreeDsAuthenticationRequest = z.infer<typeof ThreeDsAuthenticationRequest>;

/**
 * The bank's first answer: frictionless (an exemption applies; the authentication value comes at
 * once), challenge (the customer decides in the app; poll the authentication), or rejected at once
 * with its reason (unknown, expired, cancelled or locked card, online payments disabled).
 */
export const ThreeDsAuthenticationCreated = z
  .object({
    id: z.string(),
    status: z.enum(['frictionless', 'challenge', 'rejected']),
    reason: CardDeclineReason.optional(),
    authenticationValue: z.string().optional(),
  })
  .meta({ id: 'ThreeDsAuthenticationCreated' });
export type ThreeDsAuthenticationCreated = z.infer<typeof ThreeDsAuthenticationCreated>;

/** `GET /api/sandbox/3ds/authentications/{id}`: where the authentication stands. */
export const ThreeDsAuthenticationStatus = z
  .object({
    id: z.string(),
    status: z.enum(['pending', 'authenticated', 'rejected', 'expired']),
    reason: CardDeclineReason.optional(),
    /** Present once authenticated: what the merchant sends with its authorisation request. */
    authenticationValue: z.string().optional(),
  })
  .meta({ id: 'ThreeDsAuthenticationStatus' });
export type ThreeDsAuthenticationStatus = z.infer<typeof ThreeDsAuthenticationStatus>;

/**
 * An authentication as the customer sees it: pending (to approve or refuse), approved, refused,
 * expired, or exempted (frictionless under the low-value exemption).
 */
export const CARD_AUTHENTICATION_STATUSES = [
  'pending',
  'approved',
  'refused',
  'expired',
  'exempted',
] as const;
export const CardAuthenticationStatus = z.enum(CARD_AUTHENTICATION_STATUSES);
export type CardAuthenticationStatus = z.infer<typeof CardAuthenticationStatus>;

export const CardAuthentication = z
  .object({
    id: z.string(),
    cardId: z.string(),
    /** The card's last four digits. */
    last4: z.string(),
    amount: AmountCents,
    merchant: z.string(),
    merchantUrl: z.string().nullable(),
    status: CardAuthenticationStatus,
    createdAt: IsoDateTime,
    expiresAt: IsoDateTime,
    decidedAt: IsoDateTime.nullable(),
  })
  .meta({ id: 'CardAuthentication' });
export type CardAuthentication = z.infer<typeof CardAuthentication>;

/** `GET /api/card-authentications`: the pending ones first, then the recent ones (newest first). */
export const CardAuthenticationList = z
  .object({ items: z.array(CardAuthentication) })
  .meta({ id: 'CardAuthenticationList' });
export type CardAuthenticationList = z.infer<typeof CardAuthenticationList>;

/** Live: an authentication was asked for, or decided (on any device), or expired. */
export const CardAuthenticationLiveEvent = z.object({
  type: z.literal('card_authentication'),
  authentication: CardAuthentication,
});
export type CardAuthenticationLiveEvent = z.infer<typeof CardAuthenticationLiveEvent>;
