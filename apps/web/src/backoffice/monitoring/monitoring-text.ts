import {
  CUSTOMER_STATUSES,
  INCOME_RANGE_LABELS,
  INCOME_RANGES,
  type CustomerStatus,
  type IncomeRange,
  type MonitoringCase,
  type MonitoringCaseStatus,
  type MonitoringDecisionKind,
  type MonitoringOperatorRef,
} from '@comptoir/contracts';

/**
 * The words and rules of the « Surveillance » screens (docs/monitoring.md#cases): a case's badge,
 * names, and which step of the four eyes an operator is offered.
 */

/** A case's badge: its status while it waits, its decision once closed. */
export type CaseBadge = 'open' | 'report_proposed' | MonitoringDecisionKind;

export const caseBadge = (
  status: MonitoringCaseStatus,
  decision: MonitoringDecisionKind | null,
): CaseBadge => (status === 'closed' ? (decision ?? 'no_suspicion') : status);

export const CASE_COLORS: Record<CaseBadge, string> = {
  open: 'orange',
  report_proposed: 'grape',
  no_suspicion: 'gray',
  report: 'red',
};

/** « Jeanne Martin »; empty once the customer is anonymised. */
export const customerName = (customer: { firstName: string | null; lastName: string | null }): string =>
  [customer.firstName, customer.lastName].filter(Boolean).join(' ');

/** Who took a step: their name, else their e-mail. */
export const operatorName = (operator: MonitoringOperatorRef): string => operator.name || operator.email;

export const isCustomerStatus = (value: string): value is CustomerStatus =>
  (CUSTOMER_STATUSES as readonly string[]).includes(value);

const isIncomeRange = (value: string): value is IncomeRange =>
  (INCOME_RANGES as readonly string[]).includes(value);

/** The declared income as the application's words (« De 1 500 € à 3 000 € par mois »); null when none. */
export function incomeLabel(range: string | null): string | null {
  if (range === null) return null;
  return isIncomeRange(range) ? INCOME_RANGE_LABELS[range] : range;
}

/** What an operator may do with a case; the server decides again (four eyes). */
export interface CaseActions {
  note: boolean;
  noSuspicion: boolean;
  report: boolean;
  approve: boolean;
  /** This operator proposed the report: another must approve it or close the case without suspicion. */
  ownProposal: boolean;
}

export function caseActions(
  c: Pick<MonitoringCase, 'status' | 'proposal'>,
  operatorId: string | null,
): CaseActions {
  const none = { note: false, noSuspicion: false, report: false, approve: false, ownProposal: false };
  if (operatorId === null) return none;
  if (c.status === 'open') return { ...none, note: true, noSuspicion: true, report: true };
  if (c.status === 'report_proposed') {
    const own = c.proposal?.by.id === operatorId;
    return { ...none, note: true, noSuspicion: !own, approve: !own, ownProposal: own };
  }
  return none;
}
