-- SEPA Direct Debit (SDD Core) on the payer's side (docs/direct-debits.md): the mandates as this
-- bank sees them, the collections the creditors' banks announce, and each customer's rules.

-- A mandate the customer signed with a creditor, known from its first collection (FRST or OOFF).
-- It is identified by the creditor (its Creditor Identifier without the business code,
-- `creditor_key`), its unique mandate reference and the account it debits. The customer may revoke
-- it and cap it: at most `max_amount` cents a collection, at most `max_count` collections a `period`.
-- It has `ended` once its one-off (OOFF) or final (FNAL) collection is booked.
create table direct_debit_mandates (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid not null references customers (id),
  account_id bigint not null references ledger_accounts (id),
  creditor_id text not null check (creditor_id ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{4,31}$'),
  creditor_key text not null,
  creditor_name text not null check (length(creditor_name) between 1 and 70),
  reference text not null check (length(reference) between 1 and 35),
  signed_on date not null,
  status text not null check (status in ('active', 'revoked', 'ended')),
  revoked_at timestamptz,
  max_amount bigint check (max_amount is null or max_amount > 0),
  max_count integer check (max_count is null or max_count > 0),
  count_period text check (count_period in ('month', 'year')),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  last_collection_at timestamptz,
  constraint direct_debit_mandates_revoked check ((status = 'revoked') = (revoked_at is not null)),
  constraint direct_debit_mandates_count_period check ((max_count is null) = (count_period is null))
);
create unique index direct_debit_mandates_identity on direct_debit_mandates (account_id, creditor_key, reference);
create index direct_debit_mandates_customer on direct_debit_mandates (customer_id, created_at desc);

-- One collection announced by the creditor's bank, debited on its due date (a TARGET2 business day).
-- The creditor and mandate reference are copied: a recurring collection of a mandate this bank does
-- not know (`mandate_id` null) is still recorded, and returned MD01. `announced` or `refused` (by the
-- customer) until the due date; then `booked` (its ledger entry) or `returned` with its ISO 20022 reason.
create table direct_debit_collections (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid not null references customers (id),
  account_id bigint not null references ledger_accounts (id),
  mandate_id uuid references direct_debit_mandates (id),
  creditor_id text not null,
  creditor_name text not null check (length(creditor_name) between 1 and 70),
  mandate_reference text not null check (length(mandate_reference) between 1 and 35),
  sequence text not null check (sequence in ('FRST', 'RCUR', 'OOFF', 'FNAL')),
  amount bigint not null check (amount > 0),
  due_date date not null,
  remittance_info text not null default '' check (length(remittance_info) <= 140),
  status text not null check (status in ('announced', 'refused', 'booked', 'returned')),
  return_reason text check (return_reason in ('AC04', 'MD01', 'MS02', 'AG01', 'SL01', 'AM04')),
  entry_id bigint references ledger_entries (id),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  refused_at timestamptz,
  -- Presented before its due date (the sandbox's « present now »): the job takes it at once.
  presented_at timestamptz,
  -- When a job instance took the row (in the transaction that books or returns it).
  claimed_at timestamptz,
  settled_at timestamptz,
  constraint direct_debit_collections_booked check ((status = 'booked') = (entry_id is not null)),
  constraint direct_debit_collections_returned check ((status = 'returned') = (return_reason is not null)),
  constraint direct_debit_collections_refused check (status <> 'refused' or refused_at is not null)
);
create index direct_debit_collections_customer on direct_debit_collections (customer_id, due_date desc, id);
create index direct_debit_collections_mandate on direct_debit_collections (mandate_id, due_date);
-- The execution job: collections waiting for their day (or presented).
create index direct_debit_collections_due on direct_debit_collections (due_date, id)
  where status in ('announced', 'refused');

-- The customer's rules for every mandate: refuse all direct debits, accept only some creditors,
-- refuse some (Creditor Identifiers without their business code). No row = everything accepted.
create table direct_debit_settings (
  customer_id uuid primary key references customers (id) on delete cascade,
  block_all boolean not null default false,
  allowed_creditor_ids text[] not null default '{}',
  blocked_creditor_ids text[] not null default '{}',
  updated_at timestamptz not null
);

-- A direct debit announced, or returned unpaid, is kept as a notification.
alter table notifications drop constraint notifications_kind_check;
alter table notifications add constraint notifications_kind_check check (kind in (
  'credit', 'card_payment', 'card_declined', 'card_refund',
  'transfer_executed', 'transfer_rejected', 'transfer_skipped', 'message',
  'direct_debit_announced', 'direct_debit_returned'
));
