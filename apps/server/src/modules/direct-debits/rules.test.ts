import { describe, expect, it } from 'vitest';
import {
  claimDeadline,
  creditorAccepted,
  limitPeriod,
  mandateLapsed,
  refundDeadline,
  returnReason,
  type ExecutionFacts,
} from './rules.ts';

const payable: ExecutionFacts = {
  accountOpen: true,
  frozen: false,
  mandate: { status: 'active', maxAmount: null, maxCount: null },
  refusedByCustomer: false,
  settings: { blockAll: false, allowedCreditorIds: [], blockedCreditorIds: [] },
  creditorId: 'FR72ZZZ123456',
  amount: 5_000n,
  bookedInPeriod: 0,
};

describe('why a collection is returned, in this order', () => {
  it('pays a collection no rule stops (the ledger may still refuse it: AM04)', () => {
    expect(returnReason(payable)).toBeNull();
  });

  it('AC04 first: a closed account wins over every other reason', () => {
    expect(
      returnReason({
        ...payable,
        accountOpen: false,
        mandate: null,
        refusedByCustomer: true,
        settings: { ...payable.settings, blockAll: true },
      }),
    ).toBe('AC04');
  });

  it('AC06 next: an asset freeze holds the funds (docs/screening.md#freezing-in-the-payment-paths) — after a closed account, before every other reason', () => {
    expect(returnReason({ ...payable, frozen: true })).toBe('AC06');
    expect(returnReason({ ...payable, frozen: true, accountOpen: false })).toBe('AC04');
    expect(
      returnReason({
        ...payable,
        frozen: true,
        mandate: null,
        refusedByCustomer: true,
        settings: { ...payable.settings, blockAll: true },
        bookedInPeriod: 99,
      }),
    ).toBe('AC06');
  });

  it('MD01 next: no mandate, or a revoked or ended one, before the customer’s refusal and rules', () => {
    const rest = { refusedByCustomer: true, settings: { ...payable.settings, blockAll: true } };
    expect(returnReason({ ...payable, ...rest, mandate: null })).toBe('MD01');
    for (const status of ['revoked', 'ended'] as const) {
      expect(
        returnReason({ ...payable, ...rest, mandate: { status, maxAmount: null, maxCount: null } }),
      ).toBe('MD01');
    }
  });

  it('MS02 next: refused by the customer, before the rules and limits', () => {
    expect(
      returnReason({
        ...payable,
        refusedByCustomer: true,
        settings: { ...payable.settings, blockAll: true },
        mandate: { status: 'active', maxAmount: 1n, maxCount: null },
      }),
    ).toBe('MS02');
  });

  it('AG01 next: the customer’s rules, before the mandate’s limits', () => {
    const capped = { status: 'active' as const, maxAmount: 1n, maxCount: null };
    expect(
      returnReason({ ...payable, mandate: capped, settings: { ...payable.settings, blockAll: true } }),
    ).toBe('AG01');
  });

  it('SL01 last: over the amount cap, or the count of the period reached', () => {
    expect(
      returnReason({ ...payable, mandate: { status: 'active', maxAmount: 4_999n, maxCount: null } }),
    ).toBe('SL01');
    expect(
      returnReason({ ...payable, mandate: { status: 'active', maxAmount: 5_000n, maxCount: null } }),
    ).toBe(null);
    const twice = { status: 'active' as const, maxAmount: null, maxCount: 2 };
    expect(returnReason({ ...payable, mandate: twice, bookedInPeriod: 1 })).toBeNull();
    expect(returnReason({ ...payable, mandate: twice, bookedInPeriod: 2 })).toBe('SL01');
  });
});

describe('the customer’s rules', () => {
  const none = { blockAll: false, allowedCreditorIds: [], blockedCreditorIds: [] };
  it('accept everything when nothing is set; block all refuses everything', () => {
    expect(creditorAccepted(none, 'FR72ZZZ123456')).toBe(true);
    expect(creditorAccepted({ ...none, blockAll: true }, 'FR72ZZZ123456')).toBe(false);
  });

  it('accept only the allowed creditors when some are listed, whatever their business code', () => {
    const only = { ...none, allowedCreditorIds: ['FR72ZZZ123456'] };
    expect(creditorAccepted(only, 'FR72ABC123456')).toBe(true);
    expect(creditorAccepted(only, 'DE98ZZZ09999999999')).toBe(false);
  });

  it('refuse a blocked creditor, even an allowed one', () => {
    const both = { ...none, allowedCreditorIds: ['FR72ZZZ123456'], blockedCreditorIds: ['FR72ZZZ123456'] };
    expect(creditorAccepted(both, 'FR72ZZZ123456')).toBe(false);
    expect(creditorAccepted({ ...none, blockedCreditorIds: ['FR72ZZZ123456'] }, 'DE98ZZZ09999999999')).toBe(
      true,
    );
  });
});

describe('the period of a count limit', () => {
  it('is the calendar month or year of the due date', () => {
    expect(limitPeriod('2026-12-15', 'month')).toEqual({ from: '2026-12-01', to: '2027-01-01' });
    expect(limitPeriod('2026-04-07', 'month')).toEqual({ from: '2026-04-01', to: '2026-05-01' });
    expect(limitPeriod('2026-04-07', 'year')).toEqual({ from: '2026-01-01', to: '2027-01-01' });
  });
});

describe('a mandate lapses after 36 months without a collection (MD01)', () => {
  it('until the same day 36 months after the last collection, not the day after', () => {
    expect(mandateLapsed('2023-03-15', '2026-03-13')).toBe(false);
    expect(mandateLapsed('2023-03-15', '2026-03-15')).toBe(false);
    expect(mandateLapsed('2023-03-15', '2026-03-16')).toBe(true);
  });

  it('a lapsed mandate returns MD01, before the customer’s refusal and rules', () => {
    expect(
      returnReason({
        ...payable,
        refusedByCustomer: true,
        mandate: { status: 'active', maxAmount: null, maxCount: null, lapsed: true },
      }),
    ).toBe('MD01');
    expect(
      returnReason({
        ...payable,
        mandate: { status: 'active', maxAmount: null, maxCount: null, lapsed: false },
      }),
    ).toBeNull();
  });
});

describe('the refund and claim deadlines, from the debit date (inclusive)', () => {
  it('refund without question: 56 days (8 weeks) after the debit date', () => {
    expect(refundDeadline('2026-03-02')).toBe('2026-04-27');
    expect(refundDeadline('2026-12-31')).toBe('2027-02-25');
  });

  it('claim: the same day 13 months later, or that month’s last day', () => {
    expect(claimDeadline('2026-03-02')).toBe('2027-04-02');
    expect(claimDeadline('2026-01-31')).toBe('2027-02-28');
  });
});
