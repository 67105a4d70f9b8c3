import type { SanctionsListVersion } from '@comptoir/contracts';
import type { VersionRow } from './queries.ts';

/** A version of the list as the API shows it. */
export const versionView = (row: VersionRow): SanctionsListVersion => ({
  id: row.id,
  number: row.version_number,
  contentSha256: row.content_sha256,
  generatedAt: row.generated_at?.toISOString() ?? null,
  source: row.source,
  loadedBy: row.loaded_by,
  loadedByOperatorId: row.loaded_by_operator_id,
  entryCount: row.entry_count,
  added: row.added,
  removed: row.removed,
  changed: row.changed,
  createdAt: row.created_at.toISOString(),
});
