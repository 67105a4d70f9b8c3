import { MONITORING_RULE_LABELS, type MonitoringCase, type MonitoringOperatorRef } from '@comptoir/contracts';
import type { Institution } from '../../institution.ts';
import type { ReportSubjectRow } from './case-queries.ts';

/**
 * The suspicious-activity report for the financial intelligence unit (docs/monitoring.md#the-report):
 * who reports, whom it is about, the operations and the rules that found them, the narrative of the
 * operator who proposed it and the approval of the second one. Made once, at the approval; kept
 * sealed in the file store as JSON and PDF (report-pdf.ts lays the same content out).
 */
export interface SuspiciousActivityReport {
  kind: 'declaration_de_soupcon';
  reference: string;
  madeAt: string;
  sandbox: boolean;
  institution: { name: string; legalName: string; bic: string; registration: string | null; address: string };
  subject: {
    customerNumber: string;
    firstName: string | null;
    lastName: string | null;
    birthDate: string | null;
    email: string;
    address: string | null;
    residenceCountry: string | null;
    profession: string | null;
    incomeRange: string | null;
    customerSince: string;
    ibans: string[];
  };
  caseId: string;
  caseOpenedAt: string;
  findings: {
    rule: string;
    label: string;
    ruleVersion: number;
    foundAt: string;
    summary: string;
    operations: MonitoringCase['hits'][number]['operations'];
  }[];
  narrative: string;
  proposedBy: MonitoringOperatorRef;
  proposedAt: string;
  approvedBy: MonitoringOperatorRef;
  approvalNote: string | null;
}

/** The report's reference: the case's, stable and short. */
export const reportReference = (caseId: string): string => `DS-${caseId.slice(0, 8).toUpperCase()}`;

export function buildReport(input: {
  institution: Institution;
  file: MonitoringCase;
  subject: ReportSubjectRow;
  proposal: { by: MonitoringOperatorRef; at: Date; note: string };
  approval: { by: MonitoringOperatorRef; note: string | null };
  now: Date;
}): SuspiciousActivityReport {
  const { institution: i, file, subject: s } = input;
  const address = [s.address, [s.postal_code, s.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return {
    kind: 'declaration_de_soupcon',
    reference: reportReference(file.id),
    madeAt: input.now.toISOString(),
    sandbox: i.sandbox,
    institution: {
      name: i.name,
      legalName: i.legalName,
      bic: i.bic,
      registration: i.registration ?? null,
      address: `${i.address.street}, ${i.address.postalCode} ${i.address.city}, ${i.address.country}`,
    },
    subject: {
      customerNumber: file.customer.customerNumber,
      firstName: file.customer.firstName,
      lastName: file.customer.lastName,
      birthDate: file.customer.birthDate,
      email: file.customer.email,
      address: address || null,
      residenceCountry: s.residence_country,
      profession: file.customer.profession,
      incomeRange: file.customer.incomeRange,
      customerSince: file.customer.createdAt,
      ibans: s.ibans,
    },
    caseId: file.id,
    caseOpenedAt: file.openedAt,
    findings: file.hits.map((h) => ({
      rule: h.rule,
      label: MONITORING_RULE_LABELS[h.rule],
      ruleVersion: h.ruleVersion,
      foundAt: h.createdAt,
      summary: h.summary,
      operations: h.operations,
    })),
    narrative: input.proposal.note,
    proposedBy: input.proposal.by,
    proposedAt: input.proposal.at.toISOString(),
    approvedBy: input.approval.by,
    approvalNote: input.approval.note,
  };
}
