import type { Beneficiary } from '@comptoir/contracts';
import type { BeneficiaryRow } from './queries.ts';

export const toBeneficiary = (row: BeneficiaryRow): Beneficiary => ({
  id: row.id,
  label: row.label,
  name: row.name,
  iban: row.iban,
  bic: row.bic,
  internal: row.internal,
  createdAt: row.created_at.toISOString(),
});
