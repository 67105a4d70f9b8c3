import { isIsoDate, parisDate } from '@comptoir/core';
import type { Queryable } from '../db/types.ts';
import { fromDatabase, LedgerRefusal } from './errors.ts';
import { indexOnceCommitted } from './search-index.ts';
import type { EntryInput, EntryRef, Leg } from './types.ts';

/** Structural rules every entry obeys before anything is locked. */
export function checkLegs(legs: readonly Leg[]): void {
  if (legs.length < 2) throw new LedgerRefusal('too_few_legs');
  const ids = new Set<bigint>();
  let sum = 0n;
  for (const leg of legs) {
    if (typeof leg.amount !== 'bigint' || leg.amount === 0n) throw new LedgerRefusal('invalid_amount');
    if (ids.has(leg.accountId)) throw new LedgerRefusal('duplicate_account');
    ids.add(leg.accountId);
    sum += leg.amount;
  }
  if (sum !== 0n) throw new LedgerRefusal('unbalanced_entry');
}

/**
 * A value date is a real day (YYYY-MM-DD), never later than the day (Paris) the entry is written:
 * an amount may count from the past, never from the future (`verifyLedger` holds it too).
 */
function checkValueDate(input: EntryInput): void {
  const { valueDate } = input;
  if (valueDate === undefined) return;
  if (!isIsoDate(valueDate) || valueDate > parisDate(input.at)) {
    throw new Error(`ledger: value date ${valueDate} is not a day on or before the entry's`);
  }
}

/**
 * One round trip (`ledger_post`, db/functions/ledger_post.sql): locks the touched accounts that
 * have a floor in ascending id order, checks open status and floors, updates their cached balances,
 * inserts the entry and its postings, and queues the entry for the search index, written once the
 * transaction has committed (`search-index.ts`). Accounts without a floor (clearing, general
 * ledger) are never locked and cache nothing. A refusal writes nothing and leaves the caller's transaction usable.
 * The value date (0038) is the function's optional last argument: an entry without one calls the
 * 13-argument form every schema since 0035 knows (a database being migrated, the migration tests).
 */
async function post(q: Queryable, input: EntryInput, status: 'posted' | 'pending'): Promise<EntryRef> {
  checkLegs(input.legs);
  checkValueDate(input);
  const args: unknown[] = [
    status,
    input.legs.map((l) => String(l.accountId)),
    input.legs.map((l) => String(l.amount)),
    input.number ?? null,
    input.kind,
    input.description ?? null,
    input.counterpartyName ?? null,
    input.counterpartyIban ?? null,
    input.reference ?? null,
    input.initiatedByCustomer ?? null,
    input.initiatedByOperator ?? null,
    JSON.stringify(input.metadata ?? {}),
    input.at,
  ];
  if (input.valueDate !== undefined) args.push(input.valueDate);
  const { rows } = await q.query<{ o_entry: bigint | null; o_number: string | null; o_error: string | null }>(
    `select * from ledger_post($1, $2::bigint[], $3::bigint[], $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13${
      input.valueDate !== undefined ? ', $14::date' : ''
    })`,
    args,
  );
  const row = rows[0];
  if (!row || row.o_error || row.o_entry === null || row.o_number === null)
    throw fromDatabase(row?.o_error ?? '');
  indexOnceCommitted(q, row.o_entry);
  return { entryId: row.o_entry, number: row.o_number, status };
}

/** Posts an entry at once (instant, on-us, incoming credits, adjustments). Call inside a transaction. */
export const postEntry = (q: Queryable, input: EntryInput): Promise<EntryRef> => post(q, input, 'posted');

/** Phase one of a two-phase entry: debits are reserved (available balance drops), nothing is booked. */
export const reserveEntry = (q: Queryable, input: EntryInput): Promise<EntryRef> => post(q, input, 'pending');

/**
 * Phase two: books a pending entry (its reservation becomes the debit) at `at`, the application
 * clock's time (or, for the demo replaying a past clearing, when it was cleared).
 */
export const settleEntry = (q: Queryable, entryId: bigint, at: Date): Promise<EntryRef> =>
  finish(q, entryId, 'posted', at);

/** Phase two, the other way: releases the reservation at `at` (the application clock's time); nothing is booked. */
export const voidEntry = (q: Queryable, entryId: bigint, at: Date): Promise<EntryRef> =>
  finish(q, entryId, 'voided', at);

/**
 * `ledger_finish` (db/functions/ledger_finish.sql): the same locks in the same order, then the entry;
 * records the outcome (`ledger_entry_outcomes`) before refreshing the entry and postings that cache it.
 * One round trip.
 */
async function finish(
  q: Queryable,
  entryId: bigint,
  outcome: 'posted' | 'voided',
  at: Date,
): Promise<EntryRef> {
  const { rows } = await q.query<{ o_number: string | null; o_error: string | null }>(
    'select * from ledger_finish($1, $2, $3::timestamptz)',
    [String(entryId), outcome, at],
  );
  const row = rows[0];
  if (!row || row.o_error || row.o_number === null) throw fromDatabase(row?.o_error ?? '');
  return { entryId, number: row.o_number, status: outcome };
}
