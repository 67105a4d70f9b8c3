// Error codes thrown here: sanctions_list_invalid, sanctions_list_too_large.
import type { SanctionsListImport, SanctionsListSource } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { appendAudit } from '../../audit/audit.ts';
import { sha256Hex, type HashedEntry, type ParsedList } from './parse-list.ts';
import { parseSanctionsListOffThread } from './parse-off-thread.ts';
import {
  closeEntries,
  entryHashesInForce,
  insertEntries,
  insertVersion,
  lockListImports,
  newestVersion,
} from './queries.ts';
import { versionView } from './version-view.ts';

export interface ImportListInput {
  /** The file as loaded: the EU consolidated list's XML. */
  xml: Buffer;
  source: SanctionsListSource;
  /** Who or what loaded it, as the back office shows it: an operator's address, the command, the URL. */
  loadedBy: string;
  /** The operator who uploaded it (source `upload`). */
  operatorId?: string;
}

/** The longest `loadedBy` kept (the column's limit). */
const LOADED_BY_MAX = 500;

/**
 * Loads a file of the EU consolidated sanctions list (docs/screening.md#the-list). The file is read
 * whole first (off the main thread when large): a refused one (`sanctions_list_invalid`, `sanctions_list_too_large`) writes nothing
 * and the version in force stays. Then, in one transaction serialised with every other import: the
 * same file as the version in force changes nothing (`unchanged: true`, that version returned);
 * any other becomes the next version, with the entities added, removed and changed since the
 * previous one, each entity's history rows updated, and an audit row.
 */
export async function importSanctionsList(
  ctx: AppContext,
  input: ImportListInput,
): Promise<SanctionsListImport> {
  const same = await sameAsInForce(ctx.db, sha256Hex(input.xml));
  if (same) return same;
  const parsed = await parseSanctionsListOffThread(input.xml);
  return ctx.db.tx((q) => importParsedList(ctx, q, parsed, input));
}

/**
 * The version in force when its file is the one whose SHA-256 is `sha256` (`unchanged: true`), else
 * null: the same file again is known without reading it (it was read whole when it came in).
 */
export async function sameAsInForce(q: Queryable, sha256: string): Promise<SanctionsListImport | null> {
  const inForce = await newestVersion(q);
  return inForce?.content_sha256 === sha256 ? { version: versionView(inForce), unchanged: true } : null;
}

/** The transactional half of an import, for a list already parsed (the daily fetch records its attempt beside it). */
export async function importParsedList(
  ctx: AppContext,
  q: Queryable,
  parsed: ParsedList,
  input: Omit<ImportListInput, 'xml'>,
): Promise<SanctionsListImport> {
  await lockListImports(q);
  const inForce = await newestVersion(q);
  if (inForce && inForce.content_sha256 === parsed.sha256) {
    return { version: versionView(inForce), unchanged: true };
  }
  const previous = new Map((await entryHashesInForce(q)).map((row) => [row.logical_id, row]));
  const fresh: HashedEntry[] = [];
  const ended: string[] = [];
  let added = 0;
  let changed = 0;
  for (const hashed of parsed.entries) {
    const before = previous.get(String(hashed.entry.logicalId));
    previous.delete(String(hashed.entry.logicalId));
    if (!before) {
      added++;
      fresh.push(hashed);
    } else if (before.content_sha256 !== hashed.contentSha256) {
      changed++;
      ended.push(before.id);
      fresh.push(hashed);
    }
  }
  // What is left was in force and is no longer listed.
  const removed = previous.size;
  for (const row of previous.values()) ended.push(row.id);

  const now = ctx.clock.now();
  const version = await insertVersion(q, {
    number: (inForce?.version_number ?? 0) + 1,
    sha256: parsed.sha256,
    generatedAt: parsed.generatedAt,
    source: input.source,
    operatorId: input.operatorId ?? null,
    loadedBy: input.loadedBy.slice(0, LOADED_BY_MAX),
    entryCount: parsed.entries.length,
    added,
    removed,
    changed,
    now,
  });
  await closeEntries(q, ended, version.id);
  await insertEntries(q, version.id, fresh);
  await appendAudit(q, {
    operatorId: input.operatorId ?? null,
    customerId: null,
    action: 'sanctions_list.loaded',
    details: {
      versionId: version.id,
      number: version.version_number,
      contentSha256: version.content_sha256,
      generatedAt: version.generated_at?.toISOString() ?? null,
      source: version.source,
      loadedBy: version.loaded_by,
      entryCount: version.entry_count,
      added,
      removed,
      changed,
    },
    at: now,
  });
  return { version: versionView(version), unchanged: false };
}
