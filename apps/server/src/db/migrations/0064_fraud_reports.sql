-- Fraud reports (docs/fraud-reports.md): a customer reports one of their transfers as a fraud — a
-- fraudster who posed as the bank (impersonation) or another — with a police report number and,
-- if they have it, its file (sealed in the file store). Compliance accepts or rejects; an accepted
-- impersonation claim is refunded in full from gl:fraud-losses, one entry naming the report. A payee
-- IBAN reported by two different customers is flagged for everyone (Verification of Payee, adding
-- a beneficiary, compliance's export).
insert into ledger_accounts (code, kind, name, floor_enforced, created_at) values
  ('gl:fraud-losses', 'gl', 'Pertes sur fraudes remboursées', false, now());

create table fraud_reports (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid not null references customers (id),
  transfer_id uuid not null unique references transfers (id),
  account_id bigint not null references ledger_accounts (id),
  -- The payee's IBAN in its one canonical form (no spaces, upper case): what flags it.
  payee_iban text not null,
  payee_name text not null,
  amount bigint not null check (amount > 0),
  kind text not null check (kind in ('impersonation', 'other')),
  description text not null,
  police_report_number text not null,
  file_id uuid,
  file_storage_key text,
  file_mime text,
  file_size integer,
  status text not null default 'submitted' check (status in ('submitted', 'accepted', 'rejected')),
  created_at timestamptz not null,
  decided_by uuid references operators (id),
  decided_at timestamptz,
  decided_note text,
  refund_entry_id bigint references ledger_entries (id),
  constraint fraud_reports_file check ((file_id is null) = (file_storage_key is null)),
  constraint fraud_reports_decided check ((status = 'submitted') = (decided_at is null)),
  constraint fraud_reports_refund check (
    (refund_entry_id is not null) = (status = 'accepted' and kind = 'impersonation'))
);
create index fraud_reports_customer on fraud_reports (customer_id, created_at desc);
create index fraud_reports_queue on fraud_reports (status, created_at);
create index fraud_reports_payee on fraud_reports (payee_iban);
