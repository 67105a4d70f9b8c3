import { DEFAULT_RULE_PARAMETERS } from './parameters.ts';
import type { Movement, RuleInput } from './types.ts';

/** Builders for the rules' specifications: euros in, cents out; times as offsets from a fixed instant. */
export const T0 = new Date('2026-11-02T10:00:00.000Z');
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const at = (offsetMs: number): Date => new Date(T0.getTime() + offsetMs);

let nextEntry = 1n;
/** A movement `offsetMs` after T0 (negative: before), of `euros` (credit > 0), on account 1 by default. */
export const move = (
  euros: number,
  offsetMs: number,
  more: Partial<Omit<Movement, 'amount' | 'at'>> = {},
): Movement => ({
  entryId: nextEntry++,
  accountId: 1n,
  kind: 'transfer',
  counterpartyName: null,
  counterpartyIban: null,
  ...more,
  amount: BigInt(Math.round(euros * 100)),
  at: at(offsetMs),
});

export const input = (
  movement: Movement,
  before: Movement[] = [],
  more: Partial<RuleInput> = {},
): RuleInput => ({
  movement,
  before,
  payeeAddedAt: null,
  lastOutgoingAt: null,
  accountOpenedAt: at(-365 * DAY),
  ...more,
});

export const P = DEFAULT_RULE_PARAMETERS;
