import { describe, expect, it } from 'vitest';
import { newPayeeLargeAmount } from './new-payee-large-amount.ts';
import { at, HOUR, input, move, P } from './test-movements.ts';

describe('new payee, large amount: a transfer of 5,000 € or more within 24 h of adding its beneficiary', () => {
  it.each([
    ['4,999.99 €', 4_999.99, false],
    ['5,000 €', 5_000, true],
    ['5,000.01 €', 5_000.01, true],
  ])('%s one hour after adding the payee: hit %s', (_, euros, hit) => {
    const payeeAddedAt = at(-HOUR);
    expect(newPayeeLargeAmount(P, input(move(-euros, 0), [], { payeeAddedAt })) !== null).toBe(hit);
  });

  it.each([
    ['24 h minus 1 ms after adding it', 24 * HOUR - 1, true],
    ['exactly 24 h after', 24 * HOUR, true],
    ['24 h plus 1 ms after', 24 * HOUR + 1, false],
  ])('6,000 € %s: hit %s', (_, since, hit) => {
    const payeeAddedAt = at(-since);
    expect(newPayeeLargeAmount(P, input(move(-6_000, 0), [], { payeeAddedAt })) !== null).toBe(hit);
  });

  it('says the amount and how long after; no payee date (an old payee, a card payment): no hit', () => {
    const t = move(-7_500, 0);
    expect(newPayeeLargeAmount(P, input(t, [], { payeeAddedAt: at(-90 * 60_000) }))).toEqual({
      rule: 'new_payee_large_amount',
      entryIds: [t.entryId],
      details: { amountCents: 750_000, payeeAddedAt: at(-90 * 60_000).toISOString(), minutesSinceAdded: 90 },
    });
    expect(newPayeeLargeAmount(P, input(move(-7_500, 0)))).toBeNull();
    expect(
      newPayeeLargeAmount(P, input(move(-7_500, 0, { kind: 'card' }), [], { payeeAddedAt: at(-HOUR) })),
    ).toBeNull();
  });
});
