-- « Espaces »: sub-accounts under the main account. The money lives in a ledger account of kind
-- customer_sub (no IBAN); this table holds what the ledger does not: the optional goal.
create table spaces (
  account_id bigint primary key references ledger_accounts (id),
  customer_id uuid not null references customers (id),
  goal bigint check (goal is null or goal between 100 and 100000000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index spaces_customer on spaces (customer_id);
