-- Booking a pending entry at a given time, like ledger_post's p_at: the sandbox demo replays its
-- card payments through the card path (authorisation, then clearing) in date order, each booked when
-- it was cleared, so the operations, the monthly summary and the card's activity agree. Without a
-- time (every other caller) the transaction's time, as before. Same locks, same checks.
drop function ledger_finish(bigint, text);

create function ledger_finish(
  p_entry bigint,
  p_outcome text,
  p_at timestamptz default null,
  out o_number text,
  out o_error text
) language plpgsql as $$
declare
  v_status text;
  v_at timestamptz := coalesce(p_at, now());
begin
  -- The same lock order as ledger_post: the entry's accounts with a floor, by id, then the entry.
  perform 1 from ledger_accounts a
    where a.floor_enforced and a.id in (select p.account_id from ledger_postings p where p.entry_id = p_entry)
    order by a.id
      for update of a;
  select e.number, e.status into o_number, v_status from ledger_entries e where e.id = p_entry for update;
  if o_number is null then o_error := 'not_found'; return; end if;
  if v_status <> 'pending' then o_error := 'not_pending'; return; end if;

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
  update ledger_entries set status = p_outcome,
      posted_at = case when p_outcome = 'posted' then v_at end,
      voided_at = case when p_outcome = 'voided' then v_at end
    where id = p_entry;
end;
$$;
