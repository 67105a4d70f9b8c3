-- An entry once written is never rewritten. The settle or void of a reservation is its own fact, a
-- row of ledger_entry_outcomes inserted by ledger_finish and never changed; the entry's status,
-- posted_at and voided_at, and its postings' balance_after and entry_posted_at, become read caches
-- of that fact (like the accounts' cached balances). Triggers hold it: an entry's row changes only
-- by the one transition pending → posted | voided of those cache columns, and only once its outcome
-- is recorded with the same status and time; a posting changes only by receiving its balance after
-- and its booking date, null to a value, once its entry's outcome 'posted' is recorded. Everything
-- else (number, kind, amounts, accounts, counterparty, reference, created_at …) can never change.
-- Outcomes are insert-only; entries and postings are still never deleted
-- (db/functions/ledger_refuse_delete.sql).

create table ledger_entry_outcomes (
  id bigint generated always as identity primary key,
  -- One outcome per reservation: a second settle or void cannot be written.
  entry_id bigint not null unique references ledger_entries (id),
  outcome text not null check (outcome in ('posted', 'voided')),
  -- The application clock's time, as given to ledger_finish.
  at timestamptz not null
);

-- Existing databases: one outcome for every entry that was finished from pending.
--  - A voided entry was always a reservation (ledger_post never writes 'voided'): outcome at voided_at.
--  - A posted entry was a reservation when it was booked at another time than it was made:
--    ledger_post (every version) and the history importer stamp a direct entry's created_at and
--    posted_at with the same time, while a reservation is settled later, in another transaction
--    (before 0035 both times were the transactions' now(), since then the clock's time).
--  - A card authorisation's entry is always a reservation (card_authorize only reserves), so it
--    counts even if it was cleared at the very instant it was authorised.
-- Every other posted entry was posted directly and has no outcome.
insert into ledger_entry_outcomes (entry_id, outcome, at)
select e.id, e.status, coalesce(e.posted_at, e.voided_at)
  from ledger_entries e
 where e.status = 'voided'
    or (e.status = 'posted'
        and (e.posted_at <> e.created_at
             or e.id in (select c.entry_id from card_authorizations c where c.entry_id is not null)))
 order by coalesce(e.posted_at, e.voided_at), e.id;

-- Triggers hold the rules above; each is made with its function: db/functions/
-- ledger_entry_outcomes_refuse_change.sql, ledger_entries_refuse_rewrite.sql and
-- ledger_postings_refuse_rewrite.sql. ledger_finish records the outcome first, then refreshes the
-- caches: db/functions/ledger_finish.sql.
