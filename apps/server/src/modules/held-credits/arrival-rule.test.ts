import { cents } from '@comptoir/core';
import type { MonitoringRule } from '@comptoir/contracts';
import { describe, expect, it } from 'vitest';
import { arrivalHold } from './arrival-rule.ts';

const open = (...rules: MonitoringRule[]) => ({ rules });

describe('an incoming credit is held on arrival when it is 1,000 € or more and its customer’s undecided case holds a pass-through or structuring finding', () => {
  it.each([
    ['just below the amount', 99_999, open('pass_through'), null],
    ['at the amount', 100_000, open('pass_through'), 'watched_customer'],
    ['just above the amount', 100_001, open('pass_through'), 'watched_customer'],
    ['a structuring finding', 250_000, open('structuring'), 'watched_customer'],
    ['both, among others', 250_000, open('velocity', 'structuring', 'pass_through'), 'watched_customer'],
    ['only other findings (velocity, dormant account)', 250_000, open('velocity', 'dormant_account'), null],
    ['a case without findings yet', 250_000, open(), null],
    ['no case not yet decided', 250_000, null, null],
  ] as const)('%s', (_label, amount, undecided, held) => {
    expect(arrivalHold(cents(amount), undecided)).toBe(held);
  });
});
