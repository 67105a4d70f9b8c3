import { describe, expect, it } from 'vitest';
import { CARD_CHANNELS, type CardChannelFlags } from '@comptoir/contracts';
import { cents } from '@comptoir/core';
import {
  AUTHENTICATION_REQUEST_RULES,
  AUTHORIZATION_RULES,
  decideAuthorization,
  firstDecline,
  lowValueExempt,
  type AuthenticationFacts,
  type AuthorizationFacts,
  type CardFacts,
  type PresentedCard,
} from './rules.ts';

const NOW = new Date('2026-03-10T12:00:00Z');

const card: CardFacts = {
  id: 'card-1',
  status: 'active',
  locked: false,
  expiresMonth: '2028-02-01',
  cvvMac: 'mac-of-the-cvv',
  channels: Object.fromEntries(CARD_CHANNELS.map((id) => [id, true])) as CardChannelFlags,
  weeklyLimit: cents(10_000),
  monthlyLimit: cents(20_000),
  exemption: { amount: cents(0), count: 0 },
};

/** An in-store payment every rule lets through. */
const payable: AuthorizationFacts = {
  card,
  now: NOW,
  channel: 'in_store',
  expiry: '2028-02-01',
  cvvMac: 'mac-of-the-cvv',
  amount: cents(1_000),
  merchant: 'Boulangerie Paul',
  wrongDetails: 0,
  spent: { week: cents(0), month: cents(0) },
  authenticationValue: false,
  authentication: null,
  agreement: false,
  accountOpen: true,
  complianceHold: false,
  frozen: false,
};

const approvedAuthentication: AuthenticationFacts = {
  id: 'authentication-1',
  cardId: 'card-1',
  status: 'approved',
  merchant: 'Boulangerie Paul',
  amount: cents(5_000),
  used: false,
  valueExpiresAt: new Date(NOW.getTime() + 60_000),
};

const withCard = (
  change: Partial<CardFacts>,
  rest: Partial<AuthorizationFacts> = {},
): AuthorizationFacts => ({
  ...payable,
  ...rest,
  card: { ...card, ...change },
});
const reason = (facts: AuthorizationFacts) => {
  const decision = decideAuthorization(facts);
  return decision.approved ? null : decision.reason;
};
const online = (rest: Partial<AuthorizationFacts>): AuthorizationFacts => ({
  ...payable,
  channel: 'online',
  ...rest,
});

describe('a card authorisation, rule by rule', () => {
  it('approves a payment no rule stops, writing nothing but itself (the ledger may still refuse it)', () => {
    expect(decideAuthorization(payable)).toEqual({
      approved: true,
      useExemption: false,
      useAuthentication: null,
      makeAgreement: false,
    });
  });

  it('declines an unknown card before any rule', () => {
    expect(reason({ ...payable, card: null })).toBe('unknown_card');
  });

  it('declines an expired card: its status, or past the last day of its expiry month (UTC)', () => {
    expect(reason(withCard({ status: 'expired' }))).toBe('card_expired');
    const lastMonth = { expiresMonth: '2026-03-01' };
    expect(reason(withCard(lastMonth, { expiry: '2026-03-01' }))).toBeNull();
    expect(reason(withCard(lastMonth, { expiry: '2026-03-01', now: new Date('2026-04-01T00:00:00Z') }))).toBe(
      'card_expired',
    );
  });

  it('declines a cancelled card', () => {
    expect(reason(withCard({ status: 'cancelled' }))).toBe('card_cancelled');
  });

  it('declines a card its holder locked', () => {
    expect(reason(withCard({ locked: true }))).toBe('card_locked');
  });

  it('declines every payment after 3 wrong CVVs or expiries in 24 hours, the right details included', () => {
    expect(reason({ ...payable, wrongDetails: 2 })).toBeNull();
    expect(reason({ ...payable, wrongDetails: 3 })).toBe('too_many_attempts');
  });

  it('declines a wrong expiry, an unreadable one, or a wrong CVV', () => {
    expect(reason({ ...payable, expiry: '2028-03-01' })).toBe('invalid_card_details');
    expect(reason({ ...payable, expiry: null })).toBe('invalid_card_details');
    expect(reason({ ...payable, cvvMac: 'mac-of-another-cvv' })).toBe('invalid_card_details');
  });

  it('declines a channel the holder switched off, and only that one', () => {
    const noAtm = withCard({ channels: { ...card.channels, atm: false } });
    expect(reason({ ...noAtm, channel: 'atm' })).toBe('channel_disabled');
    expect(reason(noAtm)).toBeNull();
  });

  it('declines an online payment neither authenticated nor under the low-value exemption', () => {
    expect(reason(online({ amount: cents(3_001) }))).toBe('authentication_required');
    expect(decideAuthorization(online({ amount: cents(3_000) }))).toEqual({
      approved: true,
      useExemption: true,
      useAuthentication: null,
      makeAgreement: false,
    });
    // Other channels never ask for one.
    expect(reason({ ...payable, amount: cents(9_000) })).toBeNull();
  });

  it('lets an authentication value pay once: this card, this merchant, no more than its amount, in time', () => {
    const carrying = (a: Partial<AuthenticationFacts> | null) =>
      online({
        amount: cents(5_000),
        authenticationValue: true,
        authentication: a && { ...approvedAuthentication, ...a },
      });
    expect(decideAuthorization(carrying({}))).toEqual({
      approved: true,
      useExemption: false,
      useAuthentication: 'authentication-1',
      makeAgreement: true,
    });
    expect(decideAuthorization(carrying({ status: 'exempted' }))).toEqual({
      approved: true,
      useExemption: false,
      useAuthentication: 'authentication-1',
      // A frictionless answer is no strong authentication: it makes no agreement.
      makeAgreement: false,
    });
    const unusable: [string, Partial<AuthenticationFacts> | null][] = [
      ['no authentication has the value', null],
      ['another card’s', { cardId: 'card-2' }],
      ['still waiting for the customer', { status: 'pending' }],
      ['refused by the customer', { status: 'refused' }],
      ['another merchant’s', { merchant: 'Autre commerçant' }],
      ['for a smaller amount', { amount: cents(4_999) }],
      ['used already', { used: true }],
      ['its value expired', { valueExpiresAt: NOW }],
    ];
    for (const [why, authentication] of unusable) {
      expect(reason(carrying(authentication)), why).toBe('authentication_required');
    }
    // A value that pays nothing is not made up for by the exemption.
    expect(reason(online({ amount: cents(100), authenticationValue: true, authentication: null }))).toBe(
      'authentication_required',
    );
  });

  it('declines a recurring payment without an agreement of the card with the merchant', () => {
    expect(reason({ ...payable, channel: 'recurring' })).toBe('agreement_required');
    expect(reason({ ...payable, channel: 'recurring', agreement: true })).toBeNull();
  });

  it('declines a payment over the weekly limit: spent over 7 rolling days plus this one', () => {
    expect(reason({ ...payable, spent: { week: cents(9_000), month: cents(9_000) } })).toBeNull();
    expect(reason({ ...payable, spent: { week: cents(9_001), month: cents(9_001) } })).toBe('weekly_limit');
  });

  it('declines a payment over the monthly limit: spent over 30 rolling days plus this one', () => {
    expect(reason({ ...payable, spent: { week: cents(0), month: cents(19_000) } })).toBeNull();
    expect(reason({ ...payable, spent: { week: cents(0), month: cents(19_001) } })).toBe('monthly_limit');
  });

  it('declines a payment on an account that is not open', () => {
    expect(reason({ ...payable, accountOpen: false })).toBe('account_not_open');
  });

  it('declines a payment of a customer held by a blocking document request', () => {
    expect(reason({ ...payable, complianceHold: true })).toBe('compliance_hold');
  });

  it('declines every payment of a customer whose funds are frozen (docs/screening.md#freezing-in-the-payment-paths)', () => {
    // The account's state only: the rules see no name, no list.
    expect(reason({ ...payable, frozen: true })).toBe('account_frozen');
    expect(reason(online({ frozen: true, authenticationValue: false }))).toBe('account_frozen');
    expect(reason({ ...payable, channel: 'recurring', agreement: true, frozen: true })).toBe(
      'account_frozen',
    );
  });
});

describe('the order of the rules: the first that declines gives the reason', () => {
  it('runs in the documented order', () => {
    expect(AUTHORIZATION_RULES.map((rule) => rule.name)).toEqual([
      'the card has not expired',
      'the card is not cancelled',
      'the card is not locked by its holder',
      'fewer than 3 wrong CVVs or expiries in 24 hours',
      'the expiry given is the card’s',
      'the CVV given is the card’s',
      'the channel is switched on',
      'an online payment is authenticated (3-D Secure) or under the low-value exemption',
      'a recurring payment follows an agreement of the card with the merchant',
      'within the weekly limit (7 rolling days)',
      'within the monthly limit (30 rolling days)',
      'the card’s account is open',
      'no asset freeze holds the customer’s funds',
      'no document the bank asked for blocks the customer',
    ]);
  });

  /** Every rule failing at once, from `from` on: what is left to decline. */
  const failing: AuthorizationFacts = {
    ...online({}),
    card: { ...card, status: 'expired', locked: true, channels: { ...card.channels, online: false } },
    wrongDetails: 3,
    expiry: null,
    cvvMac: 'wrong',
    amount: cents(50_000),
    spent: { week: cents(10_000), month: cents(20_000) },
    accountOpen: false,
    complianceHold: true,
    frozen: true,
  };

  it('expired before cancelled, locked and everything after', () => {
    expect(reason(failing)).toBe('card_expired');
  });

  it('cancelled before locked', () => {
    expect(reason({ ...failing, card: { ...failing.card!, status: 'cancelled' } })).toBe('card_cancelled');
  });

  it('locked before the attempts, the details and the channel', () => {
    expect(reason({ ...failing, card: { ...failing.card!, status: 'active' } })).toBe('card_locked');
  });

  it('too many attempts before the details: even the right ones are declined', () => {
    const unlocked = { ...failing, card: { ...failing.card!, status: 'active' as const, locked: false } };
    expect(reason(unlocked)).toBe('too_many_attempts');
    expect(reason({ ...unlocked, expiry: card.expiresMonth, cvvMac: card.cvvMac })).toBe('too_many_attempts');
  });

  it('wrong details before the channel: a guess is counted whatever the channel', () => {
    const unlocked = { ...failing, card: { ...failing.card!, status: 'active' as const, locked: false } };
    expect(reason({ ...unlocked, wrongDetails: 2 })).toBe('invalid_card_details');
    expect(reason({ ...unlocked, wrongDetails: 2, expiry: card.expiresMonth })).toBe('invalid_card_details');
  });

  const upToChannel: AuthorizationFacts = {
    ...failing,
    card: { ...failing.card!, status: 'active', locked: false },
    wrongDetails: 0,
    expiry: card.expiresMonth,
    cvvMac: card.cvvMac,
  };

  it('the channel before 3-D Secure and the agreement', () => {
    expect(reason(upToChannel)).toBe('channel_disabled');
    const noRecurring = { ...upToChannel.card!, channels: { ...card.channels, recurring: false } };
    expect(reason({ ...upToChannel, channel: 'recurring', card: noRecurring })).toBe('channel_disabled');
  });

  const afterChannel: AuthorizationFacts = {
    ...upToChannel,
    card: { ...upToChannel.card!, channels: card.channels },
  };

  it('3-D Secure (online) and the agreement (recurring) before the limits', () => {
    expect(reason(afterChannel)).toBe('authentication_required');
    expect(reason({ ...afterChannel, channel: 'recurring' })).toBe('agreement_required');
  });

  it('the weekly limit before the monthly one, both before the account and the hold', () => {
    const limits = { ...afterChannel, channel: 'in_store' as const };
    expect(reason(limits)).toBe('weekly_limit');
    expect(reason({ ...limits, spent: { week: cents(0), month: cents(20_000) }, amount: cents(1_000) })).toBe(
      'monthly_limit',
    );
  });

  it('the account before the freeze, the freeze before the compliance hold', () => {
    const within = {
      ...afterChannel,
      channel: 'in_store' as const,
      spent: payable.spent,
      amount: cents(1_000),
    };
    expect(reason(within)).toBe('account_not_open');
    expect(reason({ ...within, accountOpen: true })).toBe('account_frozen');
    expect(reason({ ...within, accountOpen: true, frozen: false })).toBe('compliance_hold');
  });
});

describe('a 3-D Secure authentication request, before the customer is asked', () => {
  const presented: PresentedCard = { card, now: NOW, channel: 'online', expiry: card.expiresMonth };

  it('meets the authorisation’s rules about the card, in the same order, and no others', () => {
    expect(AUTHENTICATION_REQUEST_RULES.map((rule) => rule.name)).toEqual(
      AUTHORIZATION_RULES.map((rule) => rule.name).filter((name) =>
        AUTHENTICATION_REQUEST_RULES.some((rule) => rule.name === name),
      ),
    );
    expect(AUTHENTICATION_REQUEST_RULES.map((rule) => rule.name)).toEqual([
      'the card has not expired',
      'the card is not cancelled',
      'the card is not locked by its holder',
      'the expiry given is the card’s',
      'the channel is switched on',
    ]);
  });

  it('rejects an unknown, expired, cancelled or locked card, a wrong expiry, online payments off', () => {
    const first = (change: Partial<PresentedCard>) =>
      firstDecline(AUTHENTICATION_REQUEST_RULES, { ...presented, ...change });
    expect(first({})).toBeNull();
    expect(first({ card: null })).toBe('unknown_card');
    expect(first({ card: { ...card, status: 'expired', locked: true } })).toBe('card_expired');
    expect(first({ card: { ...card, status: 'cancelled', locked: true } })).toBe('card_cancelled');
    expect(first({ card: { ...card, locked: true }, expiry: null })).toBe('card_locked');
    expect(
      first({ expiry: '2028-03-01', card: { ...card, channels: { ...card.channels, online: false } } }),
    ).toBe('invalid_card_details');
    expect(first({ card: { ...card, channels: { ...card.channels, online: false } } })).toBe(
      'channel_disabled',
    );
  });
});

describe('the low-value exemption (PSD2 RTS art. 16)', () => {
  const since = (amount: number, count: number) => ({ amount: cents(amount), count });

  it('covers up to 30 € a payment', () => {
    expect(lowValueExempt(since(0, 0), cents(3_000))).toBe(true);
    expect(lowValueExempt(since(0, 0), cents(3_001))).toBe(false);
    expect(lowValueExempt(since(0, 0), cents(0))).toBe(false);
  });

  it('up to 100 € in all since the last strong authentication', () => {
    expect(lowValueExempt(since(7_000, 3), cents(3_000))).toBe(true);
    expect(lowValueExempt(since(7_001, 3), cents(3_000))).toBe(false);
  });

  it('and up to 5 payments', () => {
    expect(lowValueExempt(since(400, 4), cents(100))).toBe(true);
    expect(lowValueExempt(since(500, 5), cents(100))).toBe(false);
  });
});
