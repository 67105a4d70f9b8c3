import type { AssetFreeze, ScreeningOperatorRef } from '@comptoir/contracts';
import type { FreezeRow } from './queries.ts';

const operatorRef = (
  id: string | null,
  name: string | null,
  email: string | null,
): ScreeningOperatorRef | null => (id === null ? null : { id, name: name ?? '', email: email ?? '' });

/** The one mapping from a freeze row to the API shape. */
export function freezeView(r: FreezeRow): AssetFreeze {
  const proposer = operatorRef(r.proposer_id, r.proposer_name, r.proposer_email);
  return {
    id: r.id,
    subjectKind: r.subject_kind,
    customer: {
      id: r.customer_id,
      customerNumber: r.customer_number,
      firstName: r.first_name,
      lastName: r.last_name,
      birthDate: r.birth_date,
    },
    payee:
      r.subject_kind === 'beneficiary' && r.payee_iban !== null
        ? { beneficiaryId: r.beneficiary_id, iban: r.payee_iban, name: r.payee_name ?? '' }
        : null,
    alertId: r.alert_id,
    logicalId: r.logical_id === null ? null : Number(r.logical_id),
    status: r.status,
    frozenAt: r.frozen_at.toISOString(),
    delisted: r.delisted,
    lift:
      proposer && r.lift_reason && r.lift_proposed_at
        ? {
            reason: r.lift_reason,
            note: r.lift_note ?? '',
            proposedBy: proposer,
            proposedAt: r.lift_proposed_at.toISOString(),
            approvedBy: operatorRef(r.lifter_id, r.lifter_name, r.lifter_email),
            liftedAt: r.lifted_at?.toISOString() ?? null,
          }
        : null,
  };
}
