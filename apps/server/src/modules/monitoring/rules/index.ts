import { convergence } from './convergence.ts';
import { dormantAccount } from './dormant-account.ts';
import { newPayeeLargeAmount } from './new-payee-large-amount.ts';
import type { RuleParameters } from './parameters.ts';
import { passThrough } from './pass-through.ts';
import { structuring } from './structuring.ts';
import type { Rule, RuleHit, RuleInput } from './types.ts';
import { velocity } from './velocity.ts';

export const RULES: readonly Rule[] = [
  structuring,
  passThrough,
  newPayeeLargeAmount,
  velocity,
  convergence,
  dormantAccount,
];

/** Every rule's finding on one movement (none, one or several). */
export const evaluateRules = (parameters: RuleParameters, input: RuleInput): RuleHit[] =>
  RULES.map((rule) => rule(parameters, input)).filter((hit): hit is RuleHit => hit !== null);

export { DEFAULT_RULE_PARAMETERS, lookbackMs, type RuleParameters } from './parameters.ts';
export { RULE_NAMES, type Movement, type RuleHit, type RuleInput, type RuleName } from './types.ts';
