import { parisDate } from '@comptoir/core';
import {
  MAX_SANCTIONS_LIST_BYTES,
  type SanctionsListImport,
  type SanctionsListVersion,
} from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { importParsedList, sameAsInForce } from './import-list-service.ts';
import { sha256Hex, type ParsedList } from './parse-list.ts';
import { parseSanctionsListOffThread } from './parse-off-thread.ts';
import { claimFetchDay, closeFetchDay, insertFetch, releaseFetchDay } from './fetch-queries.ts';

/** How long a claim on the day holds before another instance may take it over (a fetch that died). */
export const FETCH_CLAIM_MS = 15 * 60 * 1000;
/** The longest a download may take. */
const DOWNLOAD_TIMEOUT_MS = 2 * 60 * 1000;
/** The column's limit on an attempt's detail. */
const DETAIL_MAX = 1000;

export type DailyFetchResult =
  /** No SANCTIONS_LIST_URL: nothing to fetch. */
  | { outcome: 'disabled' }
  /** Today's list is in already, or another instance is fetching it. */
  | { outcome: 'skipped' }
  | { outcome: 'new_version' | 'unchanged'; version: SanctionsListVersion }
  /** A file was fetched but refused (SHA-256 not the expected one, malformed list): nothing imported. */
  | { outcome: 'refused'; detail: string }
  /** No file (network, HTTP status, too large, timeout): nothing imported. */
  | { outcome: 'failed'; detail: string };

class DownloadFailed extends Error {}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The address as recorded and shown: no credentials, no query string (a token may sit there). */
const shownUrl = (url: string): string => {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
};

/** The body at `url`, at most MAX_SANCTIONS_LIST_BYTES; a non-2xx answer, a timeout or a larger body fails. */
async function download(url: string): Promise<Buffer> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS), redirect: 'follow' });
  } catch (error) {
    throw new DownloadFailed(`Téléchargement impossible : ${messageOf(error)}`);
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new DownloadFailed(`Réponse HTTP ${response.status} du serveur de la liste.`);
  }
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      size += read.value.byteLength;
      if (size > MAX_SANCTIONS_LIST_BYTES) {
        await reader.cancel();
        throw new DownloadFailed('Le fichier de la liste dépasse 100 Mo.');
      }
      chunks.push(read.value);
    }
  } catch (error) {
    if (error instanceof DownloadFailed) throw error;
    throw new DownloadFailed(`Téléchargement interrompu : ${messageOf(error)}`);
  }
  return Buffer.concat(chunks, size);
}

/**
 * The daily fetch of the EU consolidated list from SANCTIONS_LIST_URL (docs/screening.md#the-daily-fetch),
 * run by a job every few minutes on every instance. It fetches at most once per Paris calendar day
 * across instances: the first to claim the day fetches; the day is closed once a file is imported
 * (a new version) or found the same as the version in force. A refused file (SHA-256 other than
 * SANCTIONS_LIST_SHA256 when set, or a malformed list) or a failed download imports nothing and
 * releases the day, so the next tick tries again. Every attempt is recorded in
 * `sanctions_list_fetches`.
 */
export async function fetchSanctionsListDaily(ctx: AppContext): Promise<DailyFetchResult> {
  const source = ctx.config.sanctionsListUrl;
  if (!source) return { outcome: 'disabled' };
  const url = shownUrl(source);
  const startedAt = ctx.clock.now();
  const day = parisDate(startedAt);
  if (!(await claimFetchDay(ctx.db, day, startedAt, new Date(startedAt.getTime() + FETCH_CLAIM_MS)))) {
    return { outcome: 'skipped' };
  }
  /** Records a file imported or found unchanged, and closes the day (in the import's transaction when given). */
  const finish = async (
    { version, unchanged }: SanctionsListImport,
    q?: Queryable,
  ): Promise<DailyFetchResult> => {
    const record = async (tx: Queryable) => {
      await insertFetch(tx, {
        url,
        startedAt,
        outcome: unchanged ? 'unchanged' : 'new_version',
        versionId: version.id,
        detail: null,
      });
      await closeFetchDay(tx, day, ctx.clock.now());
    };
    await (q ? record(q) : ctx.db.tx(record));
    return { outcome: unchanged ? 'unchanged' : 'new_version', version };
  };
  const giveUp = async (outcome: 'refused' | 'failed', detail: string): Promise<DailyFetchResult> => {
    const kept = detail.slice(0, DETAIL_MAX);
    await ctx.db.tx(async (q) => {
      await insertFetch(q, { url, startedAt, outcome, versionId: null, detail: kept });
      await releaseFetchDay(q, day);
    });
    return { outcome, detail: kept };
  };

  let parsed: ParsedList;
  try {
    const bytes = await download(source);
    const expected = ctx.config.sanctionsListSha256;
    const actual = sha256Hex(bytes);
    if (expected && actual !== expected) {
      return await giveUp('refused', `SHA-256 du fichier ${actual}, attendu ${expected} : fichier refusé.`);
    }
    // Most days the list has not changed: known by its hash, without reading it.
    const same = await sameAsInForce(ctx.db, actual);
    if (same) return await finish(same);
    parsed = await parseSanctionsListOffThread(bytes);
  } catch (error) {
    if (error instanceof AppError) return giveUp('refused', error.detail);
    if (error instanceof DownloadFailed) return giveUp('failed', error.message);
    return giveUp('failed', messageOf(error));
  }
  try {
    return await ctx.db.tx(async (q) =>
      finish(await importParsedList(ctx, q, parsed, { source: 'scheduled_fetch', loadedBy: url }), q),
    );
  } catch (error) {
    return giveUp('failed', `Import impossible : ${messageOf(error)}`);
  }
}
