import type { SanctionsListSource } from '@comptoir/contracts';
import type { Queryable } from '../../db/types.ts';
import type { ParsedEntry } from './entry.ts';

export interface VersionRow {
  id: string;
  version_number: number;
  content_sha256: string;
  generated_at: Date | null;
  source: SanctionsListSource;
  loaded_by_operator_id: string | null;
  loaded_by: string;
  entry_count: number;
  added: number;
  removed: number;
  changed: number;
  created_at: Date;
}

const VERSION_COLUMNS = `id, version_number, content_sha256, generated_at, source, loaded_by_operator_id,
  loaded_by, entry_count, added, removed, changed, created_at`;

/**
 * Serialises imports of the list, across connections and instances, until the transaction ends:
 * the version in force read next cannot change under the import.
 */
export async function lockListImports(q: Queryable): Promise<void> {
  await q.query(`select pg_advisory_xact_lock(hashtextextended('sanctions_lists.import', 0))`);
}

/** The version in force: the newest. */
export async function newestVersion(q: Queryable): Promise<VersionRow | null> {
  const { rows } = await q.query<VersionRow>(
    `select ${VERSION_COLUMNS} from sanctions_list_versions order by version_number desc limit 1`,
  );
  return rows[0] ?? null;
}

export async function versionById(q: Queryable, id: string): Promise<VersionRow | null> {
  const { rows } = await q.query<VersionRow>(
    `select ${VERSION_COLUMNS} from sanctions_list_versions where id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** Every version, newest first. */
export async function allVersions(q: Queryable): Promise<VersionRow[]> {
  const { rows } = await q.query<VersionRow>(
    `select ${VERSION_COLUMNS} from sanctions_list_versions order by version_number desc`,
  );
  return rows;
}

export async function insertVersion(
  q: Queryable,
  v: {
    number: number;
    sha256: string;
    generatedAt: Date | null;
    source: SanctionsListSource;
    operatorId: string | null;
    loadedBy: string;
    entryCount: number;
    added: number;
    removed: number;
    changed: number;
    now: Date;
  },
): Promise<VersionRow> {
  const { rows } = await q.query<VersionRow>(
    `insert into sanctions_list_versions (id, version_number, content_sha256, generated_at, source,
       loaded_by_operator_id, loaded_by, entry_count, added, removed, changed, created_at)
     values (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     returning ${VERSION_COLUMNS}`,
    [
      v.number,
      v.sha256,
      v.generatedAt,
      v.source,
      v.operatorId,
      v.loadedBy,
      v.entryCount,
      v.added,
      v.removed,
      v.changed,
      v.now,
    ],
  );
  return rows[0]!;
}

/** The rows in force (one per listed entity): their ids and content hashes. */
export async function entryHashesInForce(
  q: Queryable,
): Promise<Array<{ id: string; logical_id: string; content_sha256: string }>> {
  const { rows } = await q.query<{ id: string; logical_id: string; content_sha256: string }>(
    `select id, logical_id::text as logical_id, content_sha256 from sanctions_entries
      where valid_until_version is null`,
  );
  return rows;
}

/** Ends the rows `ids` at `versionId` (their entity was removed, or its content changed). */
export async function closeEntries(q: Queryable, ids: readonly string[], versionId: string): Promise<void> {
  if (ids.length === 0) return;
  await q.query(`update sanctions_entries set valid_until_version = $2 where id = any($1::uuid[])`, [
    ids,
    versionId,
  ]);
}

/** Rows per insert: a few megabytes of JSON at most. */
const INSERT_BATCH = 1000;

/** New rows, valid from `versionId`, for entities added or whose content changed. */
export async function insertEntries(
  q: Queryable,
  versionId: string,
  entries: ReadonlyArray<{ entry: ParsedEntry; contentSha256: string }>,
): Promise<void> {
  for (let i = 0; i < entries.length; i += INSERT_BATCH) {
    const batch = entries.slice(i, i + INSERT_BATCH).map(({ entry, contentSha256 }) => ({
      logical_id: entry.logicalId,
      content_sha256: contentSha256,
      subject_type: entry.subjectType,
      entry,
    }));
    await q.query(
      `insert into sanctions_entries (id, logical_id, content_sha256, subject_type, entry, valid_from_version)
       select gen_random_uuid(), x.logical_id, x.content_sha256, x.subject_type, x.entry, $2
         from jsonb_to_recordset($1::jsonb)
           as x(logical_id bigint, content_sha256 text, subject_type text, entry jsonb)`,
      [JSON.stringify(batch), versionId],
    );
  }
}

export interface EntryRow {
  id: string;
  content_sha256: string;
  entry: ParsedEntry;
}

/** The rows in force, in the list's order of identifiers. */
export async function entriesInForceRows(q: Queryable): Promise<EntryRow[]> {
  const { rows } = await q.query<EntryRow>(
    `select id, content_sha256, entry from sanctions_entries
      where valid_until_version is null order by logical_id`,
  );
  return rows;
}

/** The rows that were in force at version `versionNumber`: brought by it or before, not ended by then. */
export async function entriesAtVersionRows(q: Queryable, versionNumber: number): Promise<EntryRow[]> {
  const { rows } = await q.query<EntryRow>(
    `select e.id, e.content_sha256, e.entry
       from sanctions_entries e
       join sanctions_list_versions f on f.id = e.valid_from_version
       left join sanctions_list_versions u on u.id = e.valid_until_version
      where f.version_number <= $1 and (u.id is null or u.version_number > $1)
      order by e.logical_id`,
    [versionNumber],
  );
  return rows;
}
