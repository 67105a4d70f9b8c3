/**
 * The monitoring rules' parameters, amounts in integer cents. One version of them is a row of
 * `monitoring_rule_versions`; this is version 1, the bank's own risk-based settings for the ongoing
 * monitoring of its business relationships (Directive (EU) 2015/849, art. 13(1)(d): scrutiny of the
 * transactions undertaken throughout the relationship). No regulation sets these figures; the
 * 10,000 € of *structuring* is the one most commonly watched for being kept under.
 */
export interface RuleParameters {
  structuring: { thresholdCents: number; lowPercent: number; count: number; windowDays: number };
  passThrough: { minCreditCents: number; percent: number; windowHours: number };
  newPayeeLargeAmount: { minAmountCents: number; windowHours: number };
  velocity: { maxTransfers: number; windowMinutes: number };
  convergence: { payers: number; windowHours: number };
  dormantAccount: { minAmountCents: number; days: number };
}

export const DEFAULT_RULE_PARAMETERS: RuleParameters = {
  // Three or more incoming credits within 7 days, each from 80 % up to (not including) 10,000 €.
  structuring: { thresholdCents: 1_000_000, lowPercent: 80, count: 3, windowDays: 7 },
  // An incoming credit of 1,000 € or more, then within 24 h outgoing transfers adding up to 80 % of it.
  passThrough: { minCreditCents: 100_000, percent: 80, windowHours: 24 },
  // A transfer of 5,000 € or more within 24 h of adding its beneficiary.
  newPayeeLargeAmount: { minAmountCents: 500_000, windowHours: 24 },
  // More than 10 outgoing transfers in one hour.
  velocity: { maxTransfers: 10, windowMinutes: 60 },
  // Five or more distinct payers into one account within 24 h.
  convergence: { payers: 5, windowHours: 24 },
  // An outgoing movement of 3,000 € or more after 90 days without any.
  dormantAccount: { minAmountCents: 300_000, days: 90 },
};

const HOUR_MS = 60 * 60 * 1000;

/** How far back the rules read the customer's movements: the longest window, in milliseconds. */
export const lookbackMs = (p: RuleParameters): number =>
  Math.max(
    p.structuring.windowDays * 24 * HOUR_MS,
    // A pass-through's credit is up to a window before the transfer.
    p.passThrough.windowHours * HOUR_MS,
    p.velocity.windowMinutes * 60 * 1000,
    p.convergence.windowHours * HOUR_MS,
  );
