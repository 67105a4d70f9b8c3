import type { SanctionsListVersion, SanctionsListVersionList } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import type { ParsedEntry } from './entry.ts';
import {
  allVersions,
  entriesAtVersionRows,
  entriesInForceRows,
  newestVersion,
  versionById,
} from './queries.ts';
import { versionView } from './version-view.ts';

/** A listed entity as a version holds it, with its `sanctions_entries` row (which pins its content). */
export type EntryInForce = ParsedEntry & { entryId: string; contentSha256: string };

/** The version in force (the newest), or null before any list was loaded. */
export async function currentListVersion(q: Queryable): Promise<SanctionsListVersion | null> {
  const row = await newestVersion(q);
  return row ? versionView(row) : null;
}

/**
 * The entities of a version, ordered by their identifier: the version in force by default, or the
 * version `versionId` (as it stood then, whatever came after). An unknown version is an error.
 */
export async function entriesInForce(q: Queryable, versionId?: string): Promise<EntryInForce[]> {
  let rows;
  if (versionId === undefined) {
    rows = await entriesInForceRows(q);
  } else {
    const version = await versionById(q, versionId);
    if (!version) throw new Error(`no sanctions list version ${versionId}`);
    rows = await entriesAtVersionRows(q, version.version_number);
  }
  return rows.map((row) => ({ ...row.entry, entryId: row.id, contentSha256: row.content_sha256 }));
}

/** Every version of the list, newest first (the first is in force). */
export async function listVersions(ctx: AppContext): Promise<SanctionsListVersionList> {
  return { items: (await allVersions(ctx.db)).map(versionView) };
}
