import type { DocumentKind } from '@comptoir/contracts';
import type { Queryable } from '../../db/types.ts';

export interface CorrectionRow {
  id: string;
  customer_id: string;
  operator_id: string | null;
  reasons: string[];
  document_kinds: DocumentKind[];
  requested_at: Date;
  resolved_at: Date | null;
}

const CORRECTION_COLUMNS = 'id, customer_id, operator_id, reasons, document_kinds, requested_at, resolved_at';

export async function openCorrection(q: Queryable, customerId: string): Promise<CorrectionRow | null> {
  const { rows } = await q.query<CorrectionRow>(
    `select ${CORRECTION_COLUMNS} from correction_requests
      where customer_id = $1 and resolved_at is null order by requested_at desc limit 1`,
    [customerId],
  );
  return rows[0] ?? null;
}

/** Kinds whose current document was uploaded after `since` (strictly). */
export async function kindsUploadedSince(
  q: Queryable,
  applicationId: string,
  since: Date,
): Promise<DocumentKind[]> {
  const { rows } = await q.query<{ kind: DocumentKind }>(
    `select distinct kind from onboarding_documents
      where application_id = $1 and uploaded_at > $2 and replaced_at is null`,
    [applicationId, since],
  );
  return rows.map((r) => r.kind);
}
