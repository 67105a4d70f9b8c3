import {
  MONITORING_RULE_LABELS,
  type MonitoringCase,
  type MonitoringCaseSummary,
  type MonitoringHit,
  type MonitoringOperatorRef,
  type MonitoringRule,
  type MonitoringTimelineItem,
} from '@comptoir/contracts';
import { formatEuros, toJsonCents } from '@comptoir/core';
import type { CaseRow, HitOperationRow, NoteRow } from './case-queries.ts';

const euros = (cents: string | number | undefined): string => formatEuros(BigInt(cents ?? 0));

/** A hit's finding in French, from its rule and figures (rules/*.ts say what each figure is). */
export function hitSummary(rule: MonitoringRule, d: Record<string, string | number>): string {
  switch (rule) {
    case 'structuring':
      return `${d.credits} crédits reçus en ${d.windowDays} jours, chacun juste sous ${euros(d.thresholdCents)} (${euros(d.totalCents)} en tout).`;
    case 'pass_through':
      return `Crédit de ${euros(d.creditCents)} puis ${euros(d.sentCents)} virés en moins de ${d.windowHours} h (${d.percent} %).`;
    case 'new_payee_large_amount':
      return `Virement de ${euros(d.amountCents)} ${d.minutesSinceAdded} min après l’ajout du bénéficiaire.`;
    case 'velocity':
      return `${d.transfers} virements émis en ${d.windowMinutes} min.`;
    case 'convergence':
      return `${d.payers} payeurs différents en ${d.windowHours} h sur le même compte.`;
    case 'dormant_account':
      return `Sortie de ${euros(d.amountCents)} après ${d.quietDays} jours sans mouvement sortant.`;
  }
}

const operator = (
  id: string | null,
  name: string | null,
  email: string | null,
): MonitoringOperatorRef | null => (id ? { id, name: name ?? '', email: email ?? '' } : null);

const customerOf = (r: CaseRow) => ({
  id: r.customer_id,
  customerNumber: r.customer_number,
  firstName: r.first_name,
  lastName: r.last_name,
  birthDate: r.birth_date,
  email: r.email,
  status: r.customer_status,
  profession: r.profession,
  incomeRange: r.income_range,
  createdAt: r.customer_created_at.toISOString(),
});

export const caseSummaryView = (r: CaseRow): MonitoringCaseSummary => {
  const c = customerOf(r);
  return {
    id: r.id,
    status: r.status,
    customer: { id: c.id, customerNumber: c.customerNumber, firstName: c.firstName, lastName: c.lastName },
    openedAt: r.opened_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    rules: r.rules,
    hitCount: r.hit_count,
    decision: r.decision,
  };
};

/** The hits with their operations, grouped from the rows (one row per operation). */
export function hitsView(rows: readonly HitOperationRow[]): MonitoringHit[] {
  const hits = new Map<string, MonitoringHit>();
  for (const r of rows) {
    let hit = hits.get(r.hit_id);
    if (!hit) {
      hit = {
        id: r.hit_id,
        rule: r.rule,
        ruleVersion: r.rule_version,
        summary: hitSummary(r.rule, r.details),
        operations: [],
        createdAt: r.hit_at.toISOString(),
      };
      hits.set(r.hit_id, hit);
    }
    hit.operations.push({
      entryId: r.entry_id,
      number: r.number,
      at: r.at.toISOString(),
      kind: r.kind,
      amount: toJsonCents(r.amount),
      counterpartyName: r.counterparty_name,
      counterpartyIban: r.counterparty_iban,
    });
  }
  return [...hits.values()];
}

/** The whole case as the back office reads it: its file, hits, notes, steps and timeline. */
export function caseView(
  r: CaseRow,
  hitRows: readonly HitOperationRow[],
  notes: readonly NoteRow[],
): MonitoringCase {
  const hits = hitsView(hitRows);
  const proposer = operator(r.proposer_id, r.proposer_name, r.proposer_email);
  const decider = operator(r.decider_id, r.decider_name, r.decider_email);
  const proposal =
    proposer && r.proposed_at
      ? { by: proposer, at: r.proposed_at.toISOString(), note: r.proposed_note ?? '' }
      : null;
  const decision =
    decider && r.decided_at && r.decision
      ? { kind: r.decision, by: decider, at: r.decided_at.toISOString(), note: r.decided_note }
      : null;
  const noteViews = notes.map((n) => ({
    by: { id: n.operator_id, name: n.operator_name, email: n.operator_email },
    at: n.created_at.toISOString(),
    note: n.note,
  }));
  const timeline: MonitoringTimelineItem[] = [
    ...hits.map((h) => ({
      at: h.createdAt,
      kind: 'hit' as const,
      text: `${MONITORING_RULE_LABELS[h.rule]} : ${h.summary}`,
      by: null,
    })),
    ...noteViews.map((n) => ({ at: n.at, kind: 'note' as const, text: n.note, by: n.by })),
    ...(proposal
      ? [
          {
            at: proposal.at,
            kind: 'proposal' as const,
            text: `Déclaration proposée : ${proposal.note}`,
            by: proposal.by,
          },
        ]
      : []),
    ...(decision
      ? [
          {
            at: decision.at,
            kind: 'decision' as const,
            text:
              decision.kind === 'report'
                ? `Déclaration approuvée${decision.note ? ` : ${decision.note}` : ''}`
                : `Classé sans suite : ${decision.note ?? ''}`,
            by: decision.by,
          },
        ]
      : []),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return {
    id: r.id,
    status: r.status,
    customer: customerOf(r),
    openedAt: r.opened_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    rules: r.rules,
    hits,
    notes: noteViews,
    proposal,
    decision,
    reported: r.report_pdf_key !== null,
    timeline,
  };
}
