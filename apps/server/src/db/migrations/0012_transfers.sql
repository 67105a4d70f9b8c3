-- Outgoing transfers (docs/product/transfers.md#execution) and the minimal
-- document requests the compliance-hold rule reads.

-- One row per transfer (one per occurrence of a monthly series). The row is the customer's order;
-- the money moves only through its ledger entry (`entry_id`): reserved (`pending`), booked
-- (`executed`) or released (`rejected`, `cancelled`). The payee is copied from the beneficiary, so a
-- deleted beneficiary leaves the history intact. `number` is the `st-` number shown at creation
-- (the ledger entry carries the same one).
create table transfers (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid not null references customers (id),
  account_id bigint not null references ledger_accounts (id),
  beneficiary_id uuid references beneficiaries (id) on delete set null,
  payee_name text not null,
  payee_iban text not null,
  payee_bic text,
  -- The payee's account when it is one of this bank's (on-us), else null.
  payee_account_id bigint references ledger_accounts (id),
  internal boolean not null,
  amount bigint not null check (amount > 0),
  reference text not null default '',
  type text not null check (type in ('instant', 'standard')),
  status text not null
    check (status in ('scheduled', 'pending', 'executed', 'rejected', 'cancelled', 'skipped')),
  -- The day (Europe/Paris) it executes: the next business day for a standard transfer, the chosen
  -- day for a scheduled one (run on that day or the first business day after).
  execution_date date not null,
  -- Monthly repetition {frequency, endDate?, count?}, on every occurrence of the series; `series_id`
  -- is the first occurrence's id, `occurrence` counts from 1, `series_start` anchors the dates.
  repeat jsonb,
  series_id uuid,
  occurrence integer not null default 1 check (occurrence >= 1),
  series_start date,
  entry_id bigint references ledger_entries (id),
  number text not null unique check (number ~ '^st-[1-9][0-9]{7}$'),
  reason_code text,
  reason_message text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- When a job instance took the row (in the transaction that executes it).
  claimed_at timestamptz,
  executed_at timestamptz,
  constraint transfers_money_moved check (
    (status in ('pending', 'executed') and entry_id is not null)
    or status not in ('pending', 'executed')),
  constraint transfers_instant_not_scheduled check (type = 'standard' or status <> 'scheduled')
);
create index transfers_customer on transfers (customer_id, created_at desc);
-- The execute-due job: standard transfers waiting for their day.
create index transfers_due on transfers (execution_date, id)
  where type = 'standard' and status in ('scheduled', 'pending');
-- Recovery of instant transfers left pending by a crash.
create index transfers_instant_pending on transfers (created_at) where type = 'instant' and status = 'pending';
-- A series plans each occurrence once, even if two job instances execute its predecessor's neighbours.
create unique index transfers_series_occurrence on transfers (series_id, occurrence) where series_id is not null;

-- A document an operator asks a customer for (docs/product/statements-and-documents.md#documents-the-bank-asks-for); a blocking request
-- holds outgoing payments until the document is accepted. Only the hold rule reads it for now.
create table document_requests (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid not null references customers (id) on delete cascade,
  kind text not null check (kind in ('funds_origin', 'additional')),
  reason text not null,
  blocking boolean not null default false,
  status text not null default 'open' check (status in ('open', 'submitted', 'accepted', 'rejected')),
  created_at timestamptz not null default now()
);
create index document_requests_customer on document_requests (customer_id, created_at);
