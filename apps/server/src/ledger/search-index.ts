import { waitAtMost } from '../db/wait-at-most.ts';
import type { Queryable } from '../db/types.ts';

/** How many queued entries one pass of the job indexes per statement. */
export const SEARCH_INDEX_BATCH = 500;

/** How long a posting's answer waits for its entry's indexing, at most (the indexing goes on). */
export const SEARCH_INDEX_WAIT_MS = 2_000;

/** What the search reads of an entry `e` (db/functions/ledger_search_text.sql). */
const ENTRY_SEARCH_TEXT = `ledger_search_text(e.counterparty_name, e.metadata->>'payerName', e.reference,
                                    e.description, e.number)`;

/**
 * The entries `taken` off the queue (a CTE the caller writes, returning entry_id and accounts) written
 * into the search index with their folded text (`ledger_search_text`), and their legs on customers'
 * accounts handed to the transaction monitoring (`ledger_movements_unmonitored`, migration 0062;
 * an Espace's move between a customer's own accounts is no movement), in the same statement: an entry
 * leaves the queue exactly when it enters the index and the monitoring's feed. Counts them.
 */
const INDEX_TAKEN = `,
  indexed as (
    insert into ledger_entry_search (entry_id, search_text)
    select e.id, ${ENTRY_SEARCH_TEXT}
      from ledger_entries e join taken t on t.entry_id = e.id
    on conflict (entry_id) do nothing
    returning 1),
  monitored as (
    insert into ledger_movements_unmonitored (entry_id, account_id)
    select t.entry_id, a.id
      from taken t
      join ledger_entries e on e.id = t.entry_id and e.kind <> 'internal'
      join ledger_accounts a on a.id = any (t.accounts) and a.customer_id is not null
    on conflict do nothing)
  select count(*)::int as indexed from indexed`;

/**
 * A pass over the queue (migration 0061): the oldest queued entries, SKIP LOCKED so that any number
 * of instances run it together, indexed and dequeued in one statement. Returns how many it indexed.
 */
export async function indexQueuedEntries(q: Queryable, limit = SEARCH_INDEX_BATCH): Promise<number> {
  const { rows } = await q.query<{ indexed: number }>(
    `with taken as (
       delete from ledger_entries_unindexed
        where entry_id in (select entry_id from ledger_entries_unindexed
                            order by entry_id limit $1 for update skip locked)
       returning entry_id, accounts)${INDEX_TAKEN}`,
    [limit],
  );
  return rows[0]?.indexed ?? 0;
}

/** Every queued entry indexed: the job's pass, for what an instance killed after its commit left. */
export async function indexAllQueuedEntries(q: Queryable): Promise<void> {
  while ((await indexQueuedEntries(q)) === SEARCH_INDEX_BATCH);
}

/**
 * One entry indexed and dequeued by its id — no walk of the queue, whose deleted rows linger until
 * vacuumed. Nothing if a pass of the job took it first.
 */
async function indexEntry(q: Queryable, entryId: bigint): Promise<void> {
  await q.query(
    `with taken as (
       delete from ledger_entries_unindexed where entry_id = $1 returning entry_id, accounts)${INDEX_TAKEN}`,
    [String(entryId)],
  );
}

/**
 * Once the posting's transaction has committed, its entry is indexed: found by the search when its
 * `tx` returns, and so by the customer's next read — unless the indexing waits longer than
 * SEARCH_INDEX_WAIT_MS (then the answer goes, and the entry is indexed when it ends, or by the job).
 */
export function indexOnceCommitted(q: Queryable, entryId: bigint): void {
  q.afterCommit?.((db) => waitAtMost(indexEntry(db, entryId), SEARCH_INDEX_WAIT_MS));
}

/**
 * Entries written by a history import, indexed at once in the import's transaction: an import is no
 * payment, and nothing queued them.
 */
export async function indexImportedEntries(q: Queryable, entryIds: readonly string[]): Promise<void> {
  await q.query(
    `insert into ledger_entry_search (entry_id, search_text)
     select e.id, ${ENTRY_SEARCH_TEXT} from ledger_entries e where e.id = any($1::bigint[])`,
    [entryIds],
  );
}
