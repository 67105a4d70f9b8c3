import { describe, expect, it } from 'vitest';
import { dormantAccount } from './dormant-account.ts';
import { at, DAY, input, move, P } from './test-movements.ts';

describe('dormant account: an outgoing movement of 3,000 € or more after 90 days without one', () => {
  it.each([
    ['2,999.99 €', 2_999.99, false],
    ['3,000 €', 3_000, true],
    ['3,000.01 €', 3_000.01, true],
  ])('%s after 100 quiet days: hit %s', (_, euros, hit) => {
    expect(dormantAccount(P, input(move(-euros, 0), [], { lastOutgoingAt: at(-100 * DAY) })) !== null).toBe(
      hit,
    );
  });

  it.each([
    ['90 days minus 1 ms after the last one', 90 * DAY - 1, false],
    ['exactly 90 days after', 90 * DAY, true],
    ['90 days plus 1 ms after', 90 * DAY + 1, true],
  ])('%s: hit %s', (_, quiet, hit) => {
    expect(dormantAccount(P, input(move(-5_000, 0), [], { lastOutgoingAt: at(-quiet) })) !== null).toBe(hit);
  });

  it('counts from the opening when nothing ever went out; any outgoing movement counts, never a credit', () => {
    const opened = (days: number) => ({ lastOutgoingAt: null, accountOpenedAt: at(-days * DAY) });
    expect(dormantAccount(P, input(move(-5_000, 0), [], opened(30)))).toBeNull();
    expect(dormantAccount(P, input(move(-5_000, 0, { kind: 'card' }), [], opened(120)))?.details).toEqual({
      amountCents: 500_000,
      quietDays: 120,
      lastOutgoingAt: 'aucun',
    });
    expect(dormantAccount(P, input(move(5_000, 0), [], opened(120)))).toBeNull();
  });
});
