import type { BackofficeIdentityChangeRequest, IdentityChangeRequest } from '@comptoir/contracts';
import type { IdentityChangeRow } from './queries.ts';

/** The only mapping of identity change requests to their API shapes (customer and operators). */

export function toCustomerView(r: IdentityChangeRow): IdentityChangeRequest {
  return {
    id: r.id,
    status: r.status,
    reason: r.reason,
    requested: {
      firstName: r.first_name,
      lastName: r.last_name,
      birthDate: r.birth_date,
      taxCountry: r.tax_country,
    },
    document: { id: r.document_id, mime: r.document_mime, size: r.document_size },
    createdAt: r.created_at.toISOString(),
    decidedAt: r.decided_at?.toISOString() ?? null,
    rejectionReason: r.rejection_reason,
  };
}

export function toOperatorView(r: IdentityChangeRow): BackofficeIdentityChangeRequest {
  return {
    ...toCustomerView(r),
    customerId: r.customer_id,
    current: {
      firstName: r.current_first_name,
      lastName: r.current_last_name,
      birthDate: r.current_birth_date,
      taxCountry: r.current_tax_country,
    },
    decidedBy: r.decided_by,
    decisionNote: r.decision_note,
  };
}
