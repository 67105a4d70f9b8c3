import type { MonitoringRule } from '@comptoir/contracts';
import type { Queryable } from '../../db/types.ts';
import { undecidedCaseRules } from './case-queries.ts';

/**
 * The customer's case not yet decided, and the rules it gathers (null: none): what holding an
 * incoming credit on arrival reads in the booking's transaction (docs/held-credits.md).
 */
export const undecidedCaseOf = (
  q: Queryable,
  customerId: string,
): Promise<{ caseId: string; rules: MonitoringRule[] } | null> => undecidedCaseRules(q, customerId);
