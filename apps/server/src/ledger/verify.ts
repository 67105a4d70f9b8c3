import type { Queryable } from '../db/types.ts';

export interface Violation {
  rule: string;
  detail: string;
}

/**
 * Checks every ledger invariant (docs/ledger.md). Returns the violations; empty means the books are sound.
 * 1. every entry's postings sum to zero and it has at least two legs;
 * 2. each cached posted balance equals the sum of its posted postings;
 * 3. each cached pending debit equals the sum of its pending debit legs (accounts without a floor
 *    cache nothing: both stay zero, their balance is the sum of their postings);
 * 4. no floor-enforced account is below its floor;
 * 5. the sum of all balances (cached, and summed for accounts without a floor) is zero;
 * 6. every posted posting of an account with a floor carries its balance after; no other one does;
 * 7. an entry's status and dates are the cache of its outcome (ledger_entry_outcomes): a finished
 *    reservation has the status and time of its outcome, a pending entry has none, a voided one
 *    always has one, and a posted entry without one was posted directly, booked when it was made;
 * 8. every posting carries its entry's dates;
 * 9. a value date (migration 0038) is never later than the day the entry was made (Paris): an
 *    amount can count from the past, never from the future.
 */
export async function verifyLedger(q: Queryable): Promise<Violation[]> {
  const violations: Violation[] = [];
  const add = (rule: string, rows: Record<string, unknown>[]) => {
    for (const r of rows)
      violations.push({
        rule,
        detail: JSON.stringify(r, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)),
      });
  };

  add(
    'entry_balanced',
    (
      await q.query(
        `select e.id, e.number, coalesce(sum(p.amount), 0) as total, count(p.id) as legs
           from ledger_entries e left join ledger_postings p on p.entry_id = e.id
          group by e.id, e.number having coalesce(sum(p.amount), 0) <> 0 or count(p.id) < 2`,
      )
    ).rows,
  );
  add(
    'cached_balances',
    (
      await q.query(
        `select a.id, a.posted_balance, a.pending_debits, coalesce(s.posted, 0) as posted, coalesce(s.pending, 0) as pending
           from ledger_accounts a
           left join (
             select p.account_id,
                    sum(case when e.status = 'posted' then p.amount else 0 end) as posted,
                    sum(case when e.status = 'pending' and p.amount < 0 then -p.amount else 0 end) as pending
               from ledger_postings p join ledger_entries e on e.id = p.entry_id
              group by p.account_id) s on s.account_id = a.id
          where case when a.floor_enforced
                     then a.posted_balance <> coalesce(s.posted, 0) or a.pending_debits <> coalesce(s.pending, 0)
                     else a.posted_balance <> 0 or a.pending_debits <> 0 end`,
      )
    ).rows,
  );
  add(
    'floor',
    (
      await q.query(
        `select id, posted_balance, pending_debits, overdraft_limit from ledger_accounts
          where floor_enforced and posted_balance - pending_debits + overdraft_limit < 0`,
      )
    ).rows,
  );
  add(
    'zero_sum',
    (
      await q.query(
        `with t as (
           select (select coalesce(sum(posted_balance), 0) from ledger_accounts where floor_enforced)
                + (select coalesce(sum(p.amount), 0) from ledger_postings p
                     join ledger_entries e on e.id = p.entry_id and e.status = 'posted'
                     join ledger_accounts a on a.id = p.account_id and not a.floor_enforced) as total)
         select total from t where total <> 0`,
      )
    ).rows,
  );
  add(
    'balance_after',
    (
      await q.query(
        `select p.id, e.status, p.balance_after from ledger_postings p
           join ledger_entries e on e.id = p.entry_id
           join ledger_accounts a on a.id = p.account_id
          where (e.status = 'posted' and a.floor_enforced) = (p.balance_after is null)`,
      )
    ).rows,
  );
  add(
    'entry_outcome',
    (
      await q.query(
        `select e.id, e.number, e.status, e.created_at, e.posted_at, e.voided_at, o.outcome, o.at
           from ledger_entries e left join ledger_entry_outcomes o on o.entry_id = e.id
          where case when o.id is not null
                     then e.status is distinct from o.outcome
                          or e.posted_at is distinct from case when o.outcome = 'posted' then o.at end
                          or e.voided_at is distinct from case when o.outcome = 'voided' then o.at end
                     when e.status = 'voided' then true
                     when e.status = 'posted' then e.posted_at is distinct from e.created_at
                     else false end`,
      )
    ).rows,
  );
  add(
    'posting_dates',
    (
      await q.query(
        `select p.id, p.entry_id, p.entry_created_at, p.entry_posted_at, e.created_at, e.posted_at
           from ledger_postings p join ledger_entries e on e.id = p.entry_id
          where p.entry_created_at is distinct from e.created_at
             or p.entry_posted_at is distinct from e.posted_at`,
      )
    ).rows,
  );
  add(
    'value_date',
    (
      await q.query(
        `select e.id, e.number, e.value_date::text as value_date, e.created_at
           from ledger_entries e
          where e.value_date is not null
            and e.value_date > (e.created_at at time zone 'Europe/Paris')::date`,
      )
    ).rows,
  );
  return violations;
}

/** How many accounts and entries the ledger holds (for `npm run ledger:verify`'s summary). */
export async function ledgerCounts(q: Queryable): Promise<{ accounts: bigint; entries: bigint }> {
  const { rows } = await q.query<{ entries: bigint; accounts: bigint }>(
    'select (select count(*) from ledger_entries) as entries, (select count(*) from ledger_accounts) as accounts',
  );
  return rows[0] ?? { accounts: 0n, entries: 0n };
}
