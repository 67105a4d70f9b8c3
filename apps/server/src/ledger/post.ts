import { randomInt } from 'node:crypto';
import { transactionNumber, type Cents } from '@comptoir/core';
import type { Queryable } from '../db/types.ts';
import { AppError } from '../errors.ts';
import type { EntryInput, EntryRef, Leg } from './types.ts';

interface LockedRow {
  id: bigint;
  posted_balance: bigint;
  pending_debits: bigint;
  overdraft_limit: bigint;
  floor_enforced: boolean;
  status: string;
}

const insufficientFunds = () =>
  new AppError('insufficient_funds', 422, 'Solde insuffisant pour effectuer cette transaction.');

/** Structural rules every entry obeys before anything is locked. */
export function checkLegs(legs: readonly Leg[]): void {
  if (legs.length < 2) throw new AppError('validation_failed', 400, 'Une écriture a au moins deux jambes.');
  const ids = new Set<bigint>();
  let sum = 0n;
  for (const leg of legs) {
    if (typeof leg.amount !== 'bigint' || leg.amount === 0n) {
      throw new AppError(
        'validation_failed',
        400,
        'Chaque montant est un nombre entier de centimes non nul.',
      );
    }
    if (ids.has(leg.accountId)) throw new AppError('validation_failed', 400, 'Un compte apparaît deux fois.');
    ids.add(leg.accountId);
    sum += leg.amount;
  }
  if (sum !== 0n)
    throw new AppError('validation_failed', 400, 'Écriture déséquilibrée : la somme doit être nulle.');
}

/**
 * Reads the touched accounts and locks those whose floor is enforced (customer accounts), in
 * ascending id order — every writer uses the same order, so two entries can never wait on each other
 * in a cycle. Accounts without a floor (the bank's general-ledger and clearing accounts) are read but
 * never locked and keep no cached balance: every payment of the bank touches one of them, and a lock
 * or a cached balance there would make all payments queue on one row. Their balance is the sum of
 * their posted postings (`ledgerBalance`).
 */
async function lockAccounts(q: Queryable, ids: readonly bigint[]): Promise<Map<bigint, LockedRow>> {
  const { rows } = await q.query<LockedRow>(
    `with locked as (
       select id, posted_balance, pending_debits, overdraft_limit, floor_enforced, status
         from ledger_accounts where id = any($1::bigint[]) and floor_enforced order by id for update)
     select * from locked
     union all
     select id, posted_balance, pending_debits, overdraft_limit, floor_enforced, status
       from ledger_accounts where id = any($1::bigint[]) and not floor_enforced`,
    [ids.map(String)],
  );
  if (rows.length !== ids.length) throw new AppError('not_found', 404, 'Compte introuvable.');
  return new Map(rows.map((r) => [r.id, r]));
}

/** Only accounts with a floor carry cached balances and balances after (see `lockAccounts`). */
const cached = (locked: Map<bigint, LockedRow>) => (leg: { accountId: bigint }) =>
  locked.get(leg.accountId)?.floor_enforced === true;

async function insertEntry(q: Queryable, input: EntryInput, status: 'pending' | 'posted'): Promise<EntryRef> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const number = transactionNumber(randomInt);
    const { rows } = await q.query<{ id: bigint }>(
      `insert into ledger_entries (number, kind, status, description, counterparty_name, counterparty_iban,
          reference, initiated_by_customer, initiated_by_operator, metadata, created_at, posted_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, coalesce($11::timestamptz, now()),
               case when $3 = 'posted' then coalesce($11::timestamptz, now()) end)
       on conflict (number) do nothing returning id`,
      [
        number,
        input.kind,
        status,
        input.description ?? null,
        input.counterpartyName ?? null,
        input.counterpartyIban ?? null,
        input.reference ?? null,
        input.initiatedByCustomer ?? null,
        input.initiatedByOperator ?? null,
        JSON.stringify(input.metadata ?? {}),
        input.at ?? null,
      ],
    );
    const row = rows[0];
    if (row) return { entryId: row.id, number, status };
  }
  throw new Error('could not allocate a transaction number');
}

async function applyDeltas(
  q: Queryable,
  deltas: readonly { id: bigint; posted: bigint; pending: bigint }[],
): Promise<void> {
  await q.query(
    `update ledger_accounts a
        set posted_balance = a.posted_balance + d.posted, pending_debits = a.pending_debits + d.pending,
            version = a.version + 1
       from (select unnest($1::bigint[]) as id, unnest($2::bigint[]) as posted, unnest($3::bigint[]) as pending) d
      where a.id = d.id`,
    [
      deltas.map((d) => String(d.id)),
      deltas.map((d) => String(d.posted)),
      deltas.map((d) => String(d.pending)),
    ],
  );
}

function checkDebits(locked: Map<bigint, LockedRow>, legs: readonly Leg[]): void {
  for (const leg of legs) {
    const account = locked.get(leg.accountId);
    if (!account) throw new AppError('not_found', 404, 'Compte introuvable.');
    if (account.status !== 'open') throw new AppError('account_not_open', 409, 'Ce compte est clôturé.');
    if (leg.amount < 0n && account.floor_enforced) {
      const available = account.posted_balance - account.pending_debits + account.overdraft_limit;
      if (available + leg.amount < 0n) throw insufficientFunds();
    }
  }
}

/** Posts an entry at once (instant, on-us, incoming credits, adjustments). Call inside a transaction. */
export async function postEntry(q: Queryable, input: EntryInput): Promise<EntryRef> {
  checkLegs(input.legs);
  const locked = await lockAccounts(q, [...input.legs.map((l) => l.accountId)].sort(compare));
  checkDebits(locked, input.legs);
  await applyDeltas(
    q,
    input.legs.filter(cached(locked)).map((l) => ({ id: l.accountId, posted: l.amount, pending: 0n })),
  );
  const ref = await insertEntry(q, input, 'posted');
  await insertPostings(q, ref.entryId, input.legs, (leg) =>
    cached(locked)(leg) ? (locked.get(leg.accountId)?.posted_balance ?? 0n) + leg.amount : null,
  );
  return ref;
}

/** Phase one of a two-phase entry: debits are reserved (available balance drops), nothing is booked. */
export async function reserveEntry(q: Queryable, input: EntryInput): Promise<EntryRef> {
  checkLegs(input.legs);
  const locked = await lockAccounts(q, [...input.legs.map((l) => l.accountId)].sort(compare));
  checkDebits(locked, input.legs);
  await applyDeltas(
    q,
    input.legs
      .filter((l) => l.amount < 0n && cached(locked)(l))
      .map((l) => ({ id: l.accountId, posted: 0n, pending: 0n - l.amount })),
  );
  const ref = await insertEntry(q, input, 'pending');
  await insertPostings(q, ref.entryId, input.legs, () => null);
  return ref;
}

/** Phase two: books a pending entry (its reservation becomes the debit). */
export async function settleEntry(q: Queryable, entryId: bigint): Promise<EntryRef> {
  return finishPending(q, entryId, 'posted');
}

/** Phase two, the other way: releases the reservation; nothing is booked. */
export async function voidEntry(q: Queryable, entryId: bigint): Promise<EntryRef> {
  return finishPending(q, entryId, 'voided');
}

async function finishPending(q: Queryable, entryId: bigint, outcome: 'posted' | 'voided'): Promise<EntryRef> {
  const legs = await pendingLegs(q, entryId);
  const locked = await lockAccounts(q, [...legs.map((l) => l.accountId)].sort(compare));
  // Re-read the entry under the account locks: a concurrent settle/void has finished by now.
  const { rows } = await q.query<{ number: string; status: string }>(
    'select number, status from ledger_entries where id = $1 for update',
    [String(entryId)],
  );
  const entry = rows[0];
  if (!entry) throw new AppError('not_found', 404, 'Opération introuvable.');
  if (entry.status !== 'pending') {
    throw new AppError('conflict', 409, 'Cette opération n’est plus en attente.');
  }
  const tracked = legs.filter(cached(locked));
  await applyDeltas(
    q,
    tracked.map((l) => ({
      id: l.accountId,
      posted: outcome === 'posted' ? l.amount : 0n,
      pending: l.amount < 0n ? l.amount : 0n,
    })),
  );
  if (outcome === 'posted') {
    await q.query(
      `update ledger_postings p set balance_after = d.balance_after
         from (select unnest($2::bigint[]) as account_id, unnest($3::bigint[]) as balance_after) d
        where p.entry_id = $1 and p.account_id = d.account_id`,
      [
        String(entryId),
        tracked.map((l) => String(l.accountId)),
        tracked.map((l) => String((locked.get(l.accountId)?.posted_balance ?? 0n) + l.amount)),
      ],
    );
  }
  await q.query(
    `update ledger_entries set status = $2,
        posted_at = case when $2 = 'posted' then now() end, voided_at = case when $2 = 'voided' then now() end
      where id = $1`,
    [String(entryId), outcome],
  );
  return { entryId, number: entry.number, status: outcome };
}

async function pendingLegs(q: Queryable, entryId: bigint): Promise<Leg[]> {
  const { rows } = await q.query<{ account_id: bigint; amount: bigint }>(
    'select account_id, amount from ledger_postings where entry_id = $1 order by account_id',
    [String(entryId)],
  );
  if (rows.length === 0) throw new AppError('not_found', 404, 'Opération introuvable.');
  return rows.map((r) => ({ accountId: r.account_id, amount: r.amount as Cents }));
}

async function insertPostings(
  q: Queryable,
  entryId: bigint,
  legs: readonly Leg[],
  balanceAfter: (leg: Leg) => bigint | null,
): Promise<void> {
  await q.query(
    `insert into ledger_postings (entry_id, account_id, amount, balance_after)
     select $1, unnest($2::bigint[]), unnest($3::bigint[]), unnest($4::bigint[])`,
    [
      String(entryId),
      legs.map((l) => String(l.accountId)),
      legs.map((l) => String(l.amount)),
      legs.map((l) => {
        const b = balanceAfter(l);
        return b === null ? null : String(b);
      }),
    ],
  );
}

const compare = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);
