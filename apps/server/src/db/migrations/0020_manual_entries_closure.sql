-- Manual entries (« régularisation », docs/product/back-office.md#customers) with four eyes above a threshold, and closing customers.

-- One row per manual entry an operator makes. At or below the threshold it is posted at once
-- (`posted`, entry_id set, no checker); above it it waits (`pending`) until a second, different
-- operator approves (posted) or refuses it. The money moves only through the ledger entry.
create table manual_entries (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid not null references customers (id),
  account_id bigint not null references ledger_accounts (id),
  amount bigint not null check (amount > 0),
  direction text not null check (direction in ('credit', 'debit')),
  reason text not null,
  gl_account text not null check (gl_account in ('gl:adjustments', 'gl:fees')),
  maker_id uuid not null references operators (id),
  status text not null check (status in ('pending', 'posted', 'refused')),
  checker_id uuid references operators (id),
  refusal_reason text,
  entry_id bigint references ledger_entries (id),
  created_at timestamptz not null,
  decided_at timestamptz,
  constraint manual_entries_posted check ((status = 'posted') = (entry_id is not null)),
  constraint manual_entries_four_eyes check (checker_id is null or checker_id <> maker_id)
);
create index manual_entries_customer on manual_entries (customer_id, created_at desc);
create index manual_entries_pending on manual_entries (created_at) where status = 'pending';

-- Closing: when the customer was closed, and when their personal data was anonymised (retention job).
alter table customers add column closed_at timestamptz;
alter table customers add column anonymised_at timestamptz;
create index customers_closed_unanonymised on customers (closed_at) where status = 'closed' and anonymised_at is null;
