import {
  ScreeningExplanation,
  type ScreeningAlert,
  type ScreeningCustomerRef,
  type ScreeningOperatorRef,
} from '@comptoir/contracts';
import type { AlertRow } from './alert-queries.ts';

const operatorRef = (
  id: string | null,
  name: string | null,
  email: string | null,
): ScreeningOperatorRef | null => (id === null ? null : { id, name: name ?? '', email: email ?? '' });

/**
 * The stored explanation as the matcher wrote it. One the contract cannot read (written by another
 * version of the matcher) is shown as unreadable rather than failing the whole queue.
 */
function explanationOf(stored: unknown): ScreeningExplanation {
  const parsed = ScreeningExplanation.safeParse(stored);
  if (parsed.success) return parsed.data;
  return {
    alias: '',
    strong: false,
    language: null,
    tokens: [],
    unmatchedListed: [],
    unmatchedSubject: [],
    nameScore: 0,
    birthDate: null,
    country: null,
    summary: 'Explication enregistrée dans un format illisible : voir le score et la fiche de la liste.',
  };
}

/** The one mapping from an alert row to the API shape. */
export function alertView(r: AlertRow): ScreeningAlert {
  const customer: ScreeningCustomerRef = {
    id: r.customer_id,
    customerNumber: r.customer_number,
    firstName: r.first_name,
    lastName: r.last_name,
    birthDate: r.birth_date,
  };
  const proposer = operatorRef(r.proposer_id, r.proposer_name, r.proposer_email);
  const decider = operatorRef(r.decider_id, r.decider_name, r.decider_email);
  const e = r.entry;
  return {
    id: r.id,
    status: r.status,
    subject:
      r.subject_kind === 'customer'
        ? { kind: 'customer', customer }
        : {
            kind: 'beneficiary',
            beneficiaryId: r.subject_id,
            name: r.beneficiary_name,
            iban: r.beneficiary_iban,
            customer,
          },
    entry: {
      entryId: r.entry_id,
      logicalId: e.logicalId,
      euReferenceNumber: e.euReferenceNumber ?? null,
      subjectType: e.subjectType,
      aliases: e.aliases ?? [],
      birthDates: e.birthDates ?? [],
      citizenships: e.citizenships ?? [],
      identifications: e.identifications ?? [],
      addresses: e.addresses ?? [],
      regulations: e.regulations ?? [],
      remark: e.remark ?? null,
    },
    listVersion: { id: r.version_id, number: r.version_number },
    score: r.score,
    explanation: explanationOf(r.explanation),
    proposal:
      proposer && r.proposed_at
        ? { by: proposer, at: r.proposed_at.toISOString(), note: r.proposed_note }
        : null,
    decision:
      r.decision && decider && r.decided_at
        ? { kind: r.decision, by: decider, at: r.decided_at.toISOString(), note: r.decided_note }
        : null,
    freezeId: r.freeze_id,
    createdAt: r.created_at.toISOString(),
  };
}
