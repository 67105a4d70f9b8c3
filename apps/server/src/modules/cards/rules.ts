import {
  CARD_WRONG_DETAILS_LIMIT,
  LOW_VALUE_EXEMPTION,
  type CardChannel,
  type CardChannelFlags,
  type CardDeclineReason,
  type CardStatus,
} from '@comptoir/contracts';
import type { Cents } from '@comptoir/core';

/** What the rules about the card itself read of its row. */
export interface CardState {
  status: CardStatus;
  locked: boolean;
  /** First day of the last month the card is valid, YYYY-MM-DD. */
  expiresMonth: string;
  channels: CardChannelFlags;
}

/** The card row as an authorisation reads it, under the card's row lock. */
export interface CardFacts extends CardState {
  id: string;
  cvvMac: string;
  weeklyLimit: Cents;
  monthlyLimit: Cents;
  /** The low-value exemption's counters: remote payments let through without SCA since the last one. */
  exemption: ExemptionCounters;
}

export interface ExemptionCounters {
  amount: Cents;
  count: number;
}

/** A card presented to the bank: by a payment, or by a merchant's 3-D Secure server before one. */
export interface PresentedCard<C extends CardState = CardState> {
  /** Null: no card has the number given. */
  card: C | null;
  now: Date;
  channel: CardChannel;
  /** The expiry given, first day of its month (YYYY-MM-DD); null when it could not be read. */
  expiry: string | null;
}

/** The 3-D Secure authentication whose value a payment carries, as its row reads under its lock. */
export interface AuthenticationFacts {
  id: string;
  cardId: string | null;
  status: string;
  merchant: string;
  amount: Cents;
  used: boolean;
  valueExpiresAt: Date | null;
}

/**
 * Everything an authorisation is decided on (apps/server/src/db/functions/card_authorization_facts.sql
 * reads it in one round trip, after the card's row lock): the card, what was given, and what the
 * bank knows besides. The ledger decides the available balance afterwards.
 */
export interface AuthorizationFacts extends PresentedCard<CardFacts> {
  /** The CVV given, as its keyed MAC. */
  cvvMac: string;
  amount: Cents;
  merchant: string;
  /** The card's authorisations declined `invalid_card_details` in the 24 hours before now. */
  wrongDetails: number;
  /** What the card spent over the rolling 7 and 30 days before now, as the limits count it. */
  spent: { week: Cents; month: Cents };
  /** The payment carries a 3-D Secure authentication value (online payments only). */
  authenticationValue: boolean;
  /** The authentication that value names; null without a value, or when none has it. */
  authentication: AuthenticationFacts | null;
  /** The agreement reference the payment carries names an agreement of this card with this merchant. */
  agreement: boolean;
  /** The card's account is open. */
  accountOpen: boolean;
  /** A blocking document request of the customer is still open or submitted. */
  complianceHold: boolean;
  /** An asset freeze holds the customer's funds (docs/screening.md#freezing-in-the-payment-paths). */
  frozen: boolean;
}

/** The facts once the card is known: what every rule reads. */
type Known<F extends PresentedCard> = F & { card: NonNullable<F['card']> };

/** One rule: its name, and the reason it declines a payment for, or null when it lets it through. */
export interface CardRule<F extends PresentedCard, R extends CardDeclineReason = CardDeclineReason> {
  readonly name: string;
  readonly decline: (facts: Known<F>) => R | null;
}

/** The end of a card's validity: the first instant of the month after its expiry month (UTC). */
const validUntil = (expiresMonth: string): number => {
  const [year, month] = expiresMonth.split('-').map(Number);
  return Date.UTC(year ?? 0, month ?? 0, 1);
};

/** Whether one more remote payment of `amount` stays within the low-value exemption (PSD2 RTS art. 16). */
export const lowValueExempt = (counters: ExemptionCounters, amount: Cents): boolean =>
  amount > 0n &&
  amount <= BigInt(LOW_VALUE_EXEMPTION.maxAmount) &&
  counters.amount + amount <= BigInt(LOW_VALUE_EXEMPTION.maxCumulativeAmount) &&
  counters.count + 1 <= LOW_VALUE_EXEMPTION.maxCount;

/**
 * An authentication value pays for one payment: of an approved or exempted authentication of this
 * card, for this merchant and an amount no larger, not used yet, before the value expires.
 */
const authenticationUsable = (f: Known<AuthorizationFacts>, a: AuthenticationFacts): boolean =>
  a.cardId === f.card.id &&
  (a.status === 'approved' || a.status === 'exempted') &&
  a.merchant === f.merchant &&
  f.amount <= a.amount &&
  !a.used &&
  a.valueExpiresAt !== null &&
  a.valueExpiresAt.getTime() > f.now.getTime();

const notExpired: CardRule<PresentedCard, 'card_expired'> = {
  name: 'the card has not expired',
  decline: ({ card, now }) =>
    card.status === 'expired' || validUntil(card.expiresMonth) <= now.getTime() ? 'card_expired' : null,
};

const notCancelled: CardRule<PresentedCard, 'card_cancelled'> = {
  name: 'the card is not cancelled',
  decline: ({ card }) => (card.status === 'cancelled' ? 'card_cancelled' : null),
};

const notLocked: CardRule<PresentedCard, 'card_locked'> = {
  name: 'the card is not locked by its holder',
  decline: ({ card }) => (card.locked ? 'card_locked' : null),
};

const fewWrongDetails: CardRule<AuthorizationFacts, 'too_many_attempts'> = {
  name: 'fewer than 3 wrong CVVs or expiries in 24 hours',
  decline: ({ wrongDetails }) => (wrongDetails >= CARD_WRONG_DETAILS_LIMIT ? 'too_many_attempts' : null),
};

const expiryAsPrinted: CardRule<PresentedCard, 'invalid_card_details'> = {
  name: 'the expiry given is the card’s',
  decline: ({ card, expiry }) => (expiry !== card.expiresMonth ? 'invalid_card_details' : null),
};

const cvvAsPrinted: CardRule<AuthorizationFacts, 'invalid_card_details'> = {
  name: 'the CVV given is the card’s',
  decline: ({ card, cvvMac }) => (cvvMac !== card.cvvMac ? 'invalid_card_details' : null),
};

const channelEnabled: CardRule<PresentedCard, 'channel_disabled'> = {
  name: 'the channel is switched on',
  decline: ({ card, channel }) => (card.channels[channel] ? null : 'channel_disabled'),
};

const authenticatedOnline: CardRule<AuthorizationFacts, 'authentication_required'> = {
  name: 'an online payment is authenticated (3-D Secure) or under the low-value exemption',
  decline: (f) => {
    if (f.channel !== 'online') return null;
    const passes = f.authenticationValue
      ? f.authentication !== null && authenticationUsable(f, f.authentication)
      : lowValueExempt(f.card.exemption, f.amount);
    return passes ? null : 'authentication_required';
  },
};

const recurringAgreed: CardRule<AuthorizationFacts, 'agreement_required'> = {
  name: 'a recurring payment follows an agreement of the card with the merchant',
  decline: ({ channel, agreement }) => (channel === 'recurring' && !agreement ? 'agreement_required' : null),
};

const withinWeeklyLimit: CardRule<AuthorizationFacts, 'weekly_limit'> = {
  name: 'within the weekly limit (7 rolling days)',
  decline: ({ card, spent, amount }) => (spent.week + amount > card.weeklyLimit ? 'weekly_limit' : null),
};

const withinMonthlyLimit: CardRule<AuthorizationFacts, 'monthly_limit'> = {
  name: 'within the monthly limit (30 rolling days)',
  decline: ({ card, spent, amount }) => (spent.month + amount > card.monthlyLimit ? 'monthly_limit' : null),
};

const accountOpen: CardRule<AuthorizationFacts, 'account_not_open'> = {
  name: 'the card’s account is open',
  decline: ({ accountOpen }) => (accountOpen ? null : 'account_not_open'),
};

const notFrozen: CardRule<AuthorizationFacts, 'account_frozen'> = {
  name: 'no asset freeze holds the customer’s funds',
  decline: ({ frozen }) => (frozen ? 'account_frozen' : null),
};

const noComplianceHold: CardRule<AuthorizationFacts, 'compliance_hold'> = {
  name: 'no document the bank asked for blocks the customer',
  decline: ({ complianceHold }) => (complianceHold ? 'compliance_hold' : null),
};

/**
 * The rules of a card authorisation, in the order they run (docs/cards.md#authorisations): the first
 * that declines gives the reason. After them the ledger reserves the amount, and may still refuse it
 * (`insufficient_funds`, or `account_not_open` for an account closed meanwhile).
 */
export const AUTHORIZATION_RULES: readonly CardRule<AuthorizationFacts>[] = [
  notExpired,
  notCancelled,
  notLocked,
  fewWrongDetails,
  expiryAsPrinted,
  cvvAsPrinted,
  channelEnabled,
  authenticatedOnline,
  recurringAgreed,
  withinWeeklyLimit,
  withinMonthlyLimit,
  accountOpen,
  notFrozen,
  noComplianceHold,
];

/** Why a 3-D Secure authentication request is rejected at once. */
export type AuthenticationRejection =
  | 'unknown_card'
  | 'card_expired'
  | 'card_cancelled'
  | 'card_locked'
  | 'invalid_card_details'
  | 'channel_disabled';

/**
 * The rules a merchant's 3-D Secure request meets before the customer is asked anything, the same
 * as an authorisation's and in the same order; it gives no CVV, and the attempts are not counted.
 */
export const AUTHENTICATION_REQUEST_RULES: readonly CardRule<PresentedCard, AuthenticationRejection>[] = [
  notExpired,
  notCancelled,
  notLocked,
  expiryAsPrinted,
  channelEnabled,
];

/** The first rule that declines, in the list's order; an unknown card before any (nothing to read). */
export function firstDecline<F extends PresentedCard, R extends CardDeclineReason>(
  rules: readonly CardRule<F, R>[],
  facts: F,
): R | 'unknown_card' | null {
  const { card } = facts;
  if (card === null) return 'unknown_card';
  const known = { ...facts, card };
  for (const rule of rules) {
    const reason = rule.decline(known);
    if (reason !== null) return reason;
  }
  return null;
}

/** What an approval writes besides the authorisation and its reservation. */
export interface ApprovalWrites {
  /** An online payment without an authentication value: counted under the low-value exemption. */
  useExemption: boolean;
  /** The authentication whose value the payment consumes; null without one. */
  useAuthentication: string | null;
  /**
   * Paid with the value of an authentication the customer approved (an exempted, frictionless one
   * is no strong authentication): the card's agreement with the merchant is made if there is none.
   */
  makeAgreement: boolean;
}

export type AuthorizationDecision =
  { approved: false; reason: CardDeclineReason } | ({ approved: true } & ApprovalWrites);

/** Declined with the first rule's reason, or approved with what the approval writes. */
export function decideAuthorization(facts: AuthorizationFacts): AuthorizationDecision {
  const reason = firstDecline(AUTHORIZATION_RULES, facts);
  if (reason !== null) return { approved: false, reason };
  const online = facts.channel === 'online';
  const authentication = online && facts.authenticationValue ? facts.authentication : null;
  return {
    approved: true,
    useExemption: online && !facts.authenticationValue,
    useAuthentication: authentication?.id ?? null,
    makeAgreement: authentication?.status === 'approved',
  };
}
