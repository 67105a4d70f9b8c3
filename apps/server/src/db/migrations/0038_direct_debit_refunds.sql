-- Refunds and claims of SEPA direct debits (docs/direct-debits.md#refunds-and-claims), and the value
-- date of a ledger entry.

-- The day an entry's amount counts from, when it is not the day it is booked: a direct debit's
-- refund is booked today and value-dated on the day the collection was debited. Null = the booking
-- day (every entry before this one). Written once by ledger_post, never changed (0036's triggers).
alter table ledger_entries add column value_date date;

-- ledger_post (0035) with the value date as its last, optional argument: callers that give 13
-- arguments (card_authorize, 0016) keep working and write none.
drop function ledger_post(text, bigint[], bigint[], text, text, text, text, text, text, uuid, uuid, jsonb, timestamptz);

create function ledger_post(
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

  insert into ledger_postings (entry_id, account_id, amount, balance_after, entry_created_at, entry_posted_at)
  select o_entry, l.id, l.amount, case when p_status = 'posted' and a.floor_enforced then a.posted_balance end,
         v_at, case when p_status = 'posted' then v_at end
    from unnest(p_accounts, p_amounts) with ordinality as l(id, amount, ord)
    join ledger_accounts a on a.id = l.id
   order by l.ord;
end;
$$;

-- A booked collection refunded: by the customer within 8 weeks of its debit date, or by an accepted
-- claim. The refund is its own ledger entry (value-dated on the debit date); once only.
alter table direct_debit_collections add column refunded_at timestamptz;
alter table direct_debit_collections add column refund_entry_id bigint unique references ledger_entries (id);
alter table direct_debit_collections add constraint direct_debit_collections_refunded
  check ((refunded_at is null) = (refund_entry_id is null) and (refund_entry_id is null or status = 'booked'));

-- A claim (contestation) for an unauthorised collection, within 13 months of its debit date: one per
-- collection, pending until compliance accepts it (the amount is credited back) or rejects it,
-- with a note the customer reads.
create table direct_debit_claims (
  id uuid primary key default gen_random_uuid(),
  collection_id uuid not null unique references direct_debit_collections (id),
  customer_id uuid not null references customers (id),
  reason text not null check (length(reason) between 1 and 1000),
  status text not null check (status in ('pending', 'accepted', 'rejected')),
  created_at timestamptz not null,
  decided_at timestamptz,
  decided_by uuid references operators (id),
  decision_note text check (length(decision_note) between 1 and 1000),
  constraint direct_debit_claims_decided check (
    (status = 'pending') = (decided_at is null)
    and (decided_at is null) = (decided_by is null)
    and (decided_at is null) = (decision_note is null))
);
create index direct_debit_claims_queue on direct_debit_claims (status, created_at, id);
create index direct_debit_claims_customer on direct_debit_claims (customer_id);

-- A direct debit refunded (by the customer or an accepted claim), or a claim rejected, is kept as a notification.
alter table notifications drop constraint notifications_kind_check;
alter table notifications add constraint notifications_kind_check check (kind in (
  'credit', 'card_payment', 'card_declined', 'card_refund',
  'transfer_executed', 'transfer_rejected', 'transfer_skipped', 'message',
  'direct_debit_announced', 'direct_debit_returned',
  'direct_debit_refunded', 'direct_debit_claim_rejected'
));
