-- Phase two of a pending entry (a reservation): 'posted' books it (its reservation becomes the
-- debit), 'voided' releases it; refuses ('not_found', 'not_pending') without writing anything. Same
-- locks in the same order as ledger_post. The outcome is recorded first, as its own insert-only fact
-- (ledger_entry_outcomes, whose unique entry_id refuses a second outcome even if the pending check
-- were bypassed); the accounts' balances, the postings' balance after and the entry's status and
-- times are then refreshed as caches of it. The time is the application clock's (p_at, required).
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
  -- A pending entry's postings have no booking date: the partial index ledger_postings_entry holds
  -- them (an entry already booked has nothing to finish, and locks nothing here).
  perform 1 from ledger_accounts a
    where a.floor_enforced
      and a.id in (select p.account_id from ledger_postings p where p.entry_id = p_entry and p.entry_posted_at is null)
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
   where p.entry_id = p_entry and p.entry_posted_at is null and a.id = p.account_id and a.floor_enforced;
  if p_outcome = 'posted' then
    update ledger_postings p set balance_after = a.posted_balance
      from ledger_accounts a
     where p.entry_id = p_entry and p.entry_posted_at is null and a.id = p.account_id and a.floor_enforced;
  end if;
  -- The postings' entry_posted_at follows through the trigger ledger_entries_posted_at.
  update ledger_entries set status = p_outcome,
      posted_at = case when p_outcome = 'posted' then v_at end,
      voided_at = case when p_outcome = 'voided' then v_at end
    where id = p_entry;
end;
$$;
