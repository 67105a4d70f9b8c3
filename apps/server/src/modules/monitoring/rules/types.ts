import type { RuleParameters } from './parameters.ts';

/** What an entry is, as the ledger says (an Espace's internal move never reaches the rules). */
export type MovementKind = 'transfer' | 'card' | 'direct_debit' | 'adjustment' | 'internal';

/** One leg of an entry on a customer's account: the signed amount in cents (a credit > 0). */
export interface Movement {
  entryId: bigint;
  accountId: bigint;
  kind: MovementKind;
  amount: bigint;
  at: Date;
  counterpartyName: string | null;
  counterpartyIban: string | null;
}

/** What a rule sees of one movement: the movement, and what came before it. */
export interface RuleInput {
  movement: Movement;
  /**
   * The customer's movements made before this one (earlier, or at the same instant with a lower
   * entry id), on all their accounts, back to the longest window, oldest first.
   */
  before: readonly Movement[];
  /** When the payee of an outgoing transfer was added as a beneficiary; null otherwise. */
  payeeAddedAt: Date | null;
  /** The customer's latest outgoing movement before this one, if any within the dormancy looked at. */
  lastOutgoingAt: Date | null;
  /** When the account the movement is on was opened. */
  accountOpenedAt: Date;
}

export const RULE_NAMES = [
  'structuring',
  'pass_through',
  'new_payee_large_amount',
  'velocity',
  'convergence',
  'dormant_account',
] as const;
export type RuleName = (typeof RULE_NAMES)[number];

/** A rule's finding: the entries it rests on (the movement's own last) and its figures, for the case. */
export interface RuleHit {
  rule: RuleName;
  entryIds: bigint[];
  details: Record<string, string | number>;
}

/** A rule: a pure function of its parameters and the movement with its history. */
export type Rule = (p: RuleParameters, input: RuleInput) => RuleHit | null;

export const isCredit = (m: Movement): boolean => m.amount > 0n;
export const isOutgoingTransfer = (m: Movement): boolean => m.amount < 0n && m.kind === 'transfer';
export const abs = (n: bigint): bigint => (n < 0n ? -n : n);
/** Whether `m` was made within `ms` before `at`, `at` itself included: (at − ms, at]. */
export const within = (m: Movement, at: Date, ms: number): boolean =>
  m.at.getTime() > at.getTime() - ms && m.at.getTime() <= at.getTime();
export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;
