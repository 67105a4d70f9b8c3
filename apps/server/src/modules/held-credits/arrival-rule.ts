import type { Cents } from '@comptoir/core';
import type { MonitoringRule } from '@comptoir/contracts';

/**
 * The rule that asks for a hold on arrival: an incoming credit of `minAmountCents` or more to a
 * customer whose monitoring case, not yet decided, gathers a finding of one of `caseRules` — money
 * coming in while compliance is already looking at money passing through or kept under a threshold.
 * The bank's own risk-based setting (Directive (EU) 2015/849, art. 13(1)(d)); no regulation sets it.
 */
export const ARRIVAL_HOLD = {
  minAmountCents: 100_000,
  caseRules: ['pass_through', 'structuring'] satisfies MonitoringRule[],
} as const;

/** The name a credit held by this rule carries. */
export const ARRIVAL_HOLD_RULE = 'watched_customer';

/** Whether this incoming credit is held on arrival: the rule's name, or null. */
export function arrivalHold(
  amount: Cents,
  undecidedCase: { rules: readonly MonitoringRule[] } | null,
  p: typeof ARRIVAL_HOLD = ARRIVAL_HOLD,
): typeof ARRIVAL_HOLD_RULE | null {
  if (!undecidedCase || amount < BigInt(p.minAmountCents)) return null;
  const watched = undecidedCase.rules.some((r) => (p.caseRules as readonly MonitoringRule[]).includes(r));
  return watched ? ARRIVAL_HOLD_RULE : null;
}
