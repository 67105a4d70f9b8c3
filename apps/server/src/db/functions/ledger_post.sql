-- An entry and its postings in one round trip (apps/server/src/ledger/post.ts). A payment used to be
-- four statements (lock, update balances, insert the entry, insert its postings), each a round trip
-- during which the payer's and payee's rows stay locked; this does the same work, in the same order
-- and with the same locks, in one call. Business refusals (unknown or closed account, insufficient
-- funds) are returned in o_error, not raised, and nothing is written then: the caller's transaction
-- stays usable (a job can mark a transfer skipped in the same transaction).
--
-- Accounts with a floor (customer accounts) are locked in ascending id order — every writer uses that
-- order, so no deadlock cycle — and carry cached balances and balances after; accounts without a
-- floor (clearing, general ledger) are read, never locked. The time is the application clock's
-- (p_at, required); the postings get their entry's dates here, so the operations' month filter reads
-- them without the entry. The value date is the optional last argument: a caller that gives 13
-- arguments writes none. An account appears once in p_accounts (twice: account_not_found).
--
-- Every statement reads the accounts by `id = any(p_accounts)`, never by joining the arrays
-- unnested, so that one generic plan serves every call (plan_cache_mode below): planning each call
-- anew cost about a quarter of a millisecond per payment.
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
  p_value_date date default null,
  out o_entry bigint,
  out o_number text,
  out o_error text
) language plpgsql
  set plan_cache_mode = force_generic_plan
as $$
declare
  r record;
  v_found integer := 0;
  v_at timestamptz := p_at;
begin
  if v_at is null then raise exception 'ledger_post: the time comes from the application clock (p_at)'; end if;
  for r in
    select a.id, a.status, a.posted_balance - a.pending_debits + a.overdraft_limit as available,
           p_amounts[array_position(p_accounts, a.id)] as amount
      from ledger_accounts a
     where a.id = any(p_accounts) and a.floor_enforced
     order by a.id
       for update
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
     set posted_balance = a.posted_balance
           + case when p_status = 'posted' then p_amounts[array_position(p_accounts, a.id)] else 0 end,
         pending_debits = a.pending_debits
           + case when p_status = 'pending' then -p_amounts[array_position(p_accounts, a.id)] else 0 end,
         version = a.version + 1
   where a.id = any(p_accounts) and a.floor_enforced
     and (p_status = 'posted' or p_amounts[array_position(p_accounts, a.id)] < 0);

  o_number := p_number;
  for attempt in 1..20 loop
    o_number := coalesce(o_number, 'st-' || (10000000 + floor(random() * 90000000))::bigint);
    insert into ledger_entries (number, kind, status, description, counterparty_name, counterparty_iban,
        reference, initiated_by_customer, initiated_by_operator, metadata, created_at, posted_at, value_date)
    values (o_number, p_kind, p_status, p_description, p_counterparty_name, p_counterparty_iban,
        p_reference, p_by_customer, p_by_operator, coalesce(p_metadata, '{}'::jsonb), v_at,
        case when p_status = 'posted' then v_at end, p_value_date)
    on conflict (number) do nothing
    returning id into o_entry;
    exit when o_entry is not null;
    o_number := null;
  end loop;
  if o_entry is null then raise exception 'could not allocate a transaction number'; end if;
  -- Its search text is written after the commit (ledger/search-index.ts, migration 0061), which also
  -- hands its legs on customers' accounts to the transaction monitoring (migration 0062).
  insert into ledger_entries_unindexed (entry_id, accounts) values (o_entry, p_accounts);

  insert into ledger_postings (entry_id, account_id, amount, balance_after, entry_created_at, entry_posted_at)
  select o_entry, a.id, p_amounts[array_position(p_accounts, a.id)],
         case when p_status = 'posted' and a.floor_enforced then a.posted_balance end,
         v_at, case when p_status = 'posted' then v_at end
    from ledger_accounts a
   where a.id = any(p_accounts)
   order by array_position(p_accounts, a.id);
end;
$$;
