-- ledger_post and ledger_finish as a database migrated up to 0035 held them, before the outcomes of
-- 0036 (db/functions holds only their current texts). outcomes.test.ts writes an old database's
-- entries through them, then migrates it.
create or replace function ledger_post(
  p_status text, -- 'posted': booked at once; 'pending': debits reserved (two-phase)
  p_accounts bigint[],
  p_amounts bigint[],
  p_number text, -- the st- number to use if free, else null for a random one
  p_kind text,
  p_description text,
  p_counterparty_name text,
  p_counterparty_iban text,
  p_reference text,
  p_by_customer uuid,
  p_by_operator uuid,
  p_metadata jsonb,
  p_at timestamptz,
  out o_entry bigint,
  out o_number text,
  out o_error text
) language plpgsql as $$
declare
  r record;
  v_found integer := 0;
  v_at timestamptz := p_at;
begin
  if v_at is null then raise exception 'ledger_post: the time comes from the application clock (p_at)'; end if;
  for r in
    select a.id, a.status, a.posted_balance - a.pending_debits + a.overdraft_limit as available, l.amount
      from ledger_accounts a join unnest(p_accounts, p_amounts) as l(id, amount) on l.id = a.id
     where a.floor_enforced
     order by a.id
       for update of a
  loop
    v_found := v_found + 1;
    if r.status <> 'open' then o_error := 'account_not_open'; end if;
    if o_error is null and r.amount < 0 and r.available + r.amount < 0 then o_error := 'insufficient_funds'; end if;
  end loop;
  for r in select a.id, a.status from ledger_accounts a where a.id = any(p_accounts) and not a.floor_enforced loop
    v_found := v_found + 1;
    if r.status <> 'open' then o_error := coalesce(o_error, 'account_not_open'); end if;
  end loop;
  if v_found <> cardinality(p_accounts) then o_error := 'account_not_found'; end if;
  if o_error is not null then return; end if;

  update ledger_accounts a
     set posted_balance = a.posted_balance + case when p_status = 'posted' then l.amount else 0 end,
         pending_debits = a.pending_debits + case when p_status = 'pending' then -l.amount else 0 end,
         version = a.version + 1
    from unnest(p_accounts, p_amounts) as l(id, amount)
   where a.id = l.id and a.floor_enforced and (p_status = 'posted' or l.amount < 0);

  o_number := p_number;
  for attempt in 1..20 loop
    o_number := coalesce(o_number, 'st-' || (10000000 + floor(random() * 90000000))::bigint);
    insert into ledger_entries (number, kind, status, description, counterparty_name, counterparty_iban,
        reference, initiated_by_customer, initiated_by_operator, metadata, created_at, posted_at)
    values (o_number, p_kind, p_status, p_description, p_counterparty_name, p_counterparty_iban,
        p_reference, p_by_customer, p_by_operator, coalesce(p_metadata, '{}'::jsonb), v_at,
        case when p_status = 'posted' then v_at end)
    on conflict (number) do nothing
    returning id into o_entry;
    exit when o_entry is not null;
    o_number := null;
  end loop;
  if o_entry is null then raise exception 'could not allocate a transaction number'; end if;

  insert into ledger_postings (entry_id, account_id, amount, balance_after, entry_created_at, entry_posted_at)
  select o_entry, l.id, l.amount, case when p_status = 'posted' and a.floor_enforced then a.posted_balance end,
         v_at, case when p_status = 'posted' then v_at end
    from unnest(p_accounts, p_amounts) with ordinality as l(id, amount, ord)
    join ledger_accounts a on a.id = l.id
   order by l.ord;
end;
$$;

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
