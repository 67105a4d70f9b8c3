-- An entry once written is never rewritten. The settle or void of a reservation is its own fact, a
-- row of ledger_entry_outcomes inserted by ledger_finish and never changed; the entry's status,
-- posted_at and voided_at, and its postings' balance_after and entry_posted_at, become read caches
-- of that fact (like the accounts' cached balances). Triggers hold it: an entry's row changes only
-- by the one transition pending → posted | voided of those cache columns, and only once its outcome
-- is recorded with the same status and time; a posting changes only by receiving its balance after
-- and its booking date, null to a value, once its entry's outcome 'posted' is recorded. Everything
-- else (number, kind, amounts, accounts, counterparty, reference, created_at …) can never change.
-- Outcomes are insert-only; entries and postings are still never deleted (0001).

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

create function ledger_entry_outcomes_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'a ledger outcome is never changed' using errcode = '42501';
end;
$$;

create trigger ledger_entry_outcomes_no_change before update or delete on ledger_entry_outcomes
  for each row execute function ledger_entry_outcomes_refuse_change();

create trigger ledger_entry_outcomes_no_truncate before truncate on ledger_entry_outcomes
  for each statement execute function ledger_entry_outcomes_refuse_change();

-- search_text is generated from the other columns (0026): it follows them, and a BEFORE trigger
-- does not see its new value.
create function ledger_entries_refuse_rewrite() returns trigger language plpgsql as $$
begin
  if (to_jsonb(new) - array['status', 'posted_at', 'voided_at', 'search_text'])
     is distinct from (to_jsonb(old) - array['status', 'posted_at', 'voided_at', 'search_text']) then
    raise exception 'ledger entry % is never rewritten', old.number using errcode = '42501';
  end if;
  if old.status <> 'pending' or new.status not in ('posted', 'voided') then
    raise exception 'ledger entry % is finished once, from pending', old.number using errcode = '42501';
  end if;
  if not exists (select 1 from ledger_entry_outcomes o
                  where o.entry_id = new.id and o.outcome = new.status
                    and o.at = coalesce(new.posted_at, new.voided_at)) then
    raise exception 'ledger entry % is finished only by its recorded outcome', old.number using errcode = '42501';
  end if;
  return new;
end;
$$;

create trigger ledger_entries_no_rewrite before update on ledger_entries
  for each row execute function ledger_entries_refuse_rewrite();

create function ledger_postings_refuse_rewrite() returns trigger language plpgsql as $$
begin
  if (to_jsonb(new) - array['balance_after', 'entry_posted_at'])
     is distinct from (to_jsonb(old) - array['balance_after', 'entry_posted_at'])
     or (old.balance_after is not null and new.balance_after is distinct from old.balance_after)
     or (old.entry_posted_at is not null and new.entry_posted_at is distinct from old.entry_posted_at)
     or not ((old.balance_after is null and new.balance_after is not null)
             or (old.entry_posted_at is null and new.entry_posted_at is not null)) then
    raise exception 'ledger posting % is never rewritten', old.id using errcode = '42501';
  end if;
  if not exists (select 1 from ledger_entry_outcomes o
                  where o.entry_id = new.entry_id and o.outcome = 'posted'
                    and (new.entry_posted_at is null or o.at = new.entry_posted_at)) then
    raise exception 'ledger posting % is booked only by its entry''s recorded outcome', old.id
      using errcode = '42501';
  end if;
  return new;
end;
$$;

create trigger ledger_postings_no_rewrite before update on ledger_postings
  for each row execute function ledger_postings_refuse_rewrite();

-- ledger_finish (0035) records the outcome first, then refreshes the caches. The unique entry_id
-- refuses a second outcome even if the pending check were bypassed.
create or replace function ledger_finish(
  p_entry bigint,
  p_outcome text,
  p_at timestamptz,
  out o_number text,
  out o_error text
) language plpgsql as $$
declare
  v_status text;
  v_at timestamptz := p_at;
begin
  if v_at is null then raise exception 'ledger_finish: the time comes from the application clock (p_at)'; end if;
  -- The same lock order as ledger_post: the entry's accounts with a floor, by id, then the entry.
  perform 1 from ledger_accounts a
    where a.floor_enforced and a.id in (select p.account_id from ledger_postings p where p.entry_id = p_entry)
    order by a.id
      for update of a;
  select e.number, e.status into o_number, v_status from ledger_entries e where e.id = p_entry for update;
  if o_number is null then o_error := 'not_found'; return; end if;
  if v_status <> 'pending' then o_error := 'not_pending'; return; end if;

  insert into ledger_entry_outcomes (entry_id, outcome, at) values (p_entry, p_outcome, v_at);

  update ledger_accounts a
     set posted_balance = a.posted_balance + case when p_outcome = 'posted' then p.amount else 0 end,
         pending_debits = a.pending_debits + case when p.amount < 0 then p.amount else 0 end,
         version = a.version + 1
    from ledger_postings p
   where p.entry_id = p_entry and a.id = p.account_id and a.floor_enforced;
  if p_outcome = 'posted' then
    update ledger_postings p set balance_after = a.posted_balance
      from ledger_accounts a
     where p.entry_id = p_entry and a.id = p.account_id and a.floor_enforced;
  end if;
  -- The postings' entry_posted_at follows by the trigger of 0022.
  update ledger_entries set status = p_outcome,
      posted_at = case when p_outcome = 'posted' then v_at end,
      voided_at = case when p_outcome = 'voided' then v_at end
    where id = p_entry;
end;
$$;
