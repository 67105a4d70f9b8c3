import type { ScaFactor } from '@comptoir/contracts';
import type { FactorRow } from './factor-queries.ts';

export const toFactor = (row: FactorRow): ScaFactor => ({
  id: row.id,
  type: row.type,
  name: row.name,
  createdAt: row.created_at.toISOString(),
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
});
