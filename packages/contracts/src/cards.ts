// The virtual debit card (docs/product/cards.md).
//
// The card number (PAN) and the CVV never appear in any answer but `POST /api/cards/{id}/reveal`
// (SCA: action `card_reveal`, details `{cardId}`). Everywhere else a card is its last four digits.
import { z } from 'zod';
import { CardChannel, CardChannelsUpdate, CardChannelsView } from './card-channels.ts';
import { AmountCents, IsoDateTime, text } from './common.ts';
import { ACCOUNT_FROZEN_MESSAGE } from './frozen-funds.ts';

export * from './card-channels.ts';

/** Limits are integer cents: weekly 0–5 000 €, monthly 0–10 000 € (docs/product/banking-rules.md); both 40 € by default. */
export const CARD_WEEKLY_LIMIT_MAX = 500_000;
export const CARD_MONTHLY_LIMIT_MAX = 1_000_000;
export const CARD_DEFAULT_LIMIT = 4_000;
/** How long the reveal shows the details (docs/product/cards.md). */
export const CARD_REVEAL_SECONDS = 60;
/** An approved authorisation not cleared within this many days is released. */
export const CARD_AUTHORIZATION_EXPIRY_DAYS = 7;
/**
 * After this many authorisations declined for a wrong CVV or expiry within 24 hours, the card
 * declines every authorisation until the oldest of them is 24 hours old: nobody can try the 1,000
 * possible CVVs of a known number, and the right one is not confirmed either.
 */
export const CARD_WRONG_DETAILS_LIMIT = 3;
/** A clearing may differ from its authorisation by at most this share (a restaurant tip). */
export const CARD_CLEARING_TOLERANCE_PERCENT = 15;

/**
 * active: usable (possibly locked by the customer); expired: past the end of its expiry month;
 * cancelled: opposition (« Supprimer la carte »), for good.
 */
export const CardStatus = z.enum(['active', 'expired', 'cancelled']);
export type CardStatus = z.infer<typeof CardStatus>;

/** `MM/YY`, as printed on a card. */
export const CardMonth = text().regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Date au format MM/AA attendue.');

export const Card = z
  .object({
    id: z.string(),
    status: CardStatus,
    /** The customer's temporary lock (« Verrouiller temporairement »). */
    locked: z.boolean(),
    last4: z.string(),
    /** Holder as printed: first and last name from the verified identity. */
    holderFirstName: z.string(),
    holderLastName: z.string(),
    /** MM/YY: the issue month. */
    validFrom: z.string(),
    /** MM/YY: valid until the end of this month (issue month + 3 years). */
    expiresEnd: z.string(),
    accountId: z.string(),
    weeklyLimit: AmountCents,
    monthlyLimit: AmountCents,
    /** Approved card payments over the last 7 and 30 days (rolling), as the limits count them. */
    weeklySpent: AmountCents,
    monthlySpent: AmountCents,
    /** The channels allowed; `recurring`: « Paiements récurrents » (docs/product/cards.md). */
    channels: CardChannelsView,
    createdAt: IsoDateTime,
    cancelledAt: IsoDateTime.nullable(),
  })
  .meta({ id: 'Card' });
export type Card = z.infer<typeof Card>;

/** `GET /api/cards`: the customer's cards, the live one first. */
export const CardList = z.array(Card).meta({ id: 'CardList' });

/**
 * `PUT /api/cards/{id}/limits`: limits in cents and the channels allowed. `recurring` may be left out
 * (a client written before that channel existed): the card keeps its current setting
 * (`optionalOnUpdate` in CARD_CHANNEL_LIST).
 */
export const CardLimitsRequest = z
  .object({
    weeklyLimit: AmountCents.min(0, 'Le plafond ne peut pas être négatif.').max(
      CARD_WEEKLY_LIMIT_MAX,
      'Le plafond hebdomadaire ne peut pas dépasser 5 000 €.',
    ),
    monthlyLimit: AmountCents.min(0, 'Le plafond ne peut pas être négatif.').max(
      CARD_MONTHLY_LIMIT_MAX,
      'Le plafond mensuel ne peut pas dépasser 10 000 €.',
    ),
    channels: CardChannelsUpdate,
  })
  .meta({ id: 'CardLimitsRequest' });
export type CardLimitsRequest = z.infer<typeof CardLimitsRequest>;

/**
 * A week is within a month: a weekly limit above the monthly one could never be reached, so the
 * server refuses it (422 `card_limits_inconsistent`) and the card screen says so before saving.
 */
export const weeklyAboveMonthly = (
  limits: Pick<CardLimitsRequest, 'weeklyLimit' | 'monthlyLimit'>,
): boolean => limits.weeklyLimit > limits.monthlyLimit;
export const WEEKLY_ABOVE_MONTHLY_MESSAGE =
  'Le plafond hebdomadaire ne peut pas dépasser le plafond mensuel.';

/** `POST /api/cards/{id}/reveal` (SCA `card_reveal` bound to the card): the details, once. */
export const CardDetails = z
  .object({
    cardId: z.string(),
    /** 16 digits, no spaces. */
    pan: z.string(),
    validFrom: z.string(),
    expiresEnd: z.string(),
    cvv: z.string(),
    /** Hide them at this time (now + 60 s). */
    hideAt: IsoDateTime,
  })
  .meta({ id: 'CardDetails' });
export type CardDetails = z.infer<typeof CardDetails>;

// ---------------------------------------------------------------------------------------------
// Authorisations (the sandbox card network) and what the customer sees of them.

/**
 * Why an authorisation is declined, in the order the checks run (documented in docs/cards.md#authorisations):
 * card known → not expired → not cancelled → not locked → fewer than 3 wrong CVVs or expiries in 24 h
 * → CVV and expiry → channel → 3-D Secure (online) or agreement (recurring) → weekly limit → monthly
 * limit → account open → funds not frozen → no compliance hold → available balance.
 */
export const CARD_DECLINE_REASONS = [
  'unknown_card',
  'card_expired',
  'card_cancelled',
  'card_locked',
  'too_many_attempts',
  'invalid_card_details',
  'channel_disabled',
  'weekly_limit',
  'monthly_limit',
  'account_not_open',
  'account_frozen',
  'compliance_hold',
  'insufficient_funds',
  'authentication_required',
  'agreement_required',
] as const;
export const CardDeclineReason = z.enum(CARD_DECLINE_REASONS);
export type CardDeclineReason = z.infer<typeof CardDeclineReason>;

/** What the customer reads after « Paiement refusé : ». */
export const CARD_DECLINE_MESSAGES: Record<CardDeclineReason, string> = {
  unknown_card: 'carte inconnue',
  card_expired: 'carte expirée',
  card_cancelled: 'carte supprimée',
  card_locked: 'Votre carte est bloquée',
  too_many_attempts: 'trop de cryptogrammes ou de dates erronés, réessayez dans 24 heures',
  invalid_card_details: 'date d’expiration ou cryptogramme incorrect',
  channel_disabled: 'ce type de paiement est désactivé sur votre carte',
  weekly_limit: 'plafond hebdomadaire atteint',
  monthly_limit: 'plafond mensuel atteint',
  account_not_open: 'compte clôturé',
  account_frozen: ACCOUNT_FROZEN_MESSAGE,
  compliance_hold: 'Transaction impossible : un document vous a été demandé',
  insufficient_funds: 'solde insuffisant',
  authentication_required: 'authentification 3-D Secure requise',
  agreement_required: 'aucun paiement confirmé avec ce commerçant ne l’autorise à débiter votre carte',
};

/**
 * « Paiement refusé : {reason} »; a compliance hold reads exactly as docs/product/transfers.md#rules-in-this-order
 * words it, and an asset freeze as every other payment of a frozen account does.
 */
export const declineMessage = (reason: CardDeclineReason): string =>
  reason === 'compliance_hold' || reason === 'account_frozen'
    ? CARD_DECLINE_MESSAGES[reason]
    : `Paiement refusé : ${CARD_DECLINE_MESSAGES[reason]}`;

const Merchant = text().trim().min(1, 'Indiquez le commerçant.').max(70);
const CardAmount = AmountCents.positive('Le montant doit être positif.').max(
  10_000_000,
  'Montant trop élevé (100 000 € au maximum).',
);

/** `POST /api/sandbox/card-authorizations` (sandbox; operator session or sandbox key; Idempotency-Key). */
export const CardAuthorizationRequest = z
  .object({
    pan: text()
      .transform((v) => v.replace(/\s/g, ''))
      .pipe(z.string().regex(/^\d{16}$/, 'Le numéro de carte compte 16 chiffres.')),
    expiry: CardMonth,
    cvv: text().regex(/^\d{3}$/, 'Le cryptogramme compte 3 chiffres.'),
    amount: CardAmount,
    merchant: Merchant,
    channel: CardChannel,
    /**
     * An online payment's 3-D Secure authentication value (`POST /api/sandbox/3ds/authentications`):
     * without a matching, unused one, a payment that no exemption covers is declined
     * `authentication_required`. Ignored for other channels.
     */
    authenticationValue: text().trim().max(64).optional(),
    /**
     * A recurring (merchant-initiated) payment's agreement reference, as the approval of the holder's
     * first 3-D Secure-authenticated payment with this merchant answered it: without the reference of
     * an agreement of this card with this merchant, the payment is declined `agreement_required`.
     * Ignored for other channels.
     */
    agreementReference: text().trim().max(64).optional(),
  })
  .meta({ id: 'CardAuthorizationRequest' });
export type CardAuthorizationRequest = z.infer<typeof CardAuthorizationRequest>;

export const CardAuthorizationResponse = z
  .object({
    approved: z.boolean(),
    reason: CardDeclineReason.optional(),
    /** Present for an approval and for a decline of a known card (both are recorded). */
    authorizationId: z.string().optional(),
    /**
     * An online payment approved with the value of a 3-D Secure authentication the holder approved:
     * the reference of the card's agreement with this merchant, for its later recurring payments.
     */
    agreementReference: z.string().optional(),
  })
  .meta({ id: 'CardAuthorizationResponse' });
export type CardAuthorizationResponse = z.infer<typeof CardAuthorizationResponse>;

/** `POST /api/sandbox/card-clearings`: settles an approved authorisation (amount within ±15 %). */
export const CardClearingRequest = z
  .object({ authorizationId: text().min(1).max(64), amount: CardAmount })
  .meta({ id: 'CardClearingRequest' });
export type CardClearingRequest = z.infer<typeof CardClearingRequest>;

export const CardClearingResponse = z
  .object({ authorizationId: z.string(), number: z.string(), amount: AmountCents })
  .meta({ id: 'CardClearingResponse' });
export type CardClearingResponse = z.infer<typeof CardClearingResponse>;

/** `POST /api/sandbox/card-refunds`: a merchant refunds the card's holder. */
export const CardRefundRequest = z
  .object({
    pan: CardAuthorizationRequest.shape.pan,
    amount: CardAmount,
    merchant: Merchant,
  })
  .meta({ id: 'CardRefundRequest' });
export type CardRefundRequest = z.infer<typeof CardRefundRequest>;

export const CardRefundResponse = z
  .object({ refundId: z.string(), number: z.string() })
  .meta({ id: 'CardRefundResponse' });
export type CardRefundResponse = z.infer<typeof CardRefundResponse>;

/**
 * authorized: approved, funds reserved (« En cours »); declined; cleared: booked (amount may differ);
 * expired: not cleared within 7 days, released; refund: money back from a merchant.
 */
export const CardActivityKind = z.enum(['authorized', 'declined', 'cleared', 'expired', 'refund']);
export type CardActivityKind = z.infer<typeof CardActivityKind>;

/** One line of `GET /api/cards/{id}/activity` (newest first): card payments, declines included. */
export const CardActivity = z
  .object({
    id: z.string(),
    kind: CardActivityKind,
    amount: AmountCents,
    merchant: z.string(),
    channel: CardChannel.nullable(),
    reason: CardDeclineReason.nullable(),
    /** French, for a decline: « Paiement refusé : plafond hebdomadaire atteint ». */
    reasonMessage: z.string().nullable(),
    /**
     * A payment's one time, whatever became of it since: when it was made (the network's
     * authorisation request) — the time its operation shows too. A refund: when it was credited.
     */
    at: IsoDateTime,
    /** A cleared payment: when the merchant's clearing booked it (« Débité le … »); else null. */
    clearedAt: IsoDateTime.nullable(),
  })
  .meta({ id: 'CardActivity' });
export type CardActivity = z.infer<typeof CardActivity>;
export const CardActivityList = z.array(CardActivity).meta({ id: 'CardActivityList' });

/**
 * A `GET /api/events` message: something happened on one of the customer's cards (an approval, a
 * decline, a clearing, an expiry, a refund). The browser refreshes balances, operations and the card
 * screen, and says so discreetly — a decline in red.
 */
export const CardEvent = z.object({
  type: z.literal('card'),
  cardId: z.string(),
  activity: CardActivity,
});
export type CardEvent = z.infer<typeof CardEvent>;
