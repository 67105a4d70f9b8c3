-- Transaction monitoring (docs/monitoring.md): rules read every movement on a customer's account
-- after its commit, exactly once, and open cases for compliance.
--
-- The feed. The money commit already queues each new entry for the search index
-- (ledger_entries_unindexed, migration 0061); the queue row now also names the entry's accounts, and
-- the one statement after the commit that indexes the entry also queues each of its legs on a
-- customer's account here. The monitoring job takes them SKIP LOCKED and writes its hits in the same
-- transaction: each movement is evaluated once, whichever instance takes it; an instance killed
-- before the indexing or before the evaluation leaves the rows queued for the next pass.
alter table ledger_entries_unindexed add column accounts bigint[];

create table ledger_movements_unmonitored (
  entry_id bigint not null,
  account_id bigint not null,
  primary key (entry_id, account_id)
);

-- The rules' parameters, one row per version: a hit names the version it was found under. The first
-- version is the code's defaults (modules/monitoring/rules/parameters.ts), written by the first pass.
create table monitoring_rule_versions (
  version integer primary key check (version >= 1),
  parameters jsonb not null,
  note text not null,
  created_at timestamptz not null
);

-- A case gathers a customer's hits until compliance decides: « no suspicion » closes it (one
-- operator); « report » is proposed by one operator and approved by another, which closes it and
-- makes the suspicious-activity report (kept encrypted in the file store). One case not yet closed
-- per customer: a hit on a proposed case joins it.
create table monitoring_cases (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid not null references customers (id),
  status text not null default 'open' check (status in ('open', 'report_proposed', 'closed')),
  opened_at timestamptz not null,
  updated_at timestamptz not null,
  proposed_by uuid references operators (id),
  proposed_at timestamptz,
  proposed_note text,
  decision text check (decision in ('no_suspicion', 'report')),
  decided_by uuid references operators (id),
  decided_at timestamptz,
  decided_note text,
  -- The report's files (JSON and PDF), sealed in the file store, when the decision is « report ».
  report_json_key text,
  report_pdf_key text,
  constraint monitoring_cases_proposed check ((status = 'report_proposed') <= (proposed_at is not null)),
  constraint monitoring_cases_closed check ((status = 'closed') = (decided_at is not null)),
  constraint monitoring_cases_reported check ((decision = 'report') = (report_pdf_key is not null))
);
create unique index monitoring_cases_one_undecided on monitoring_cases (customer_id) where status <> 'closed';
create index monitoring_cases_queue on monitoring_cases (status, opened_at);

-- Operators' notes on a case while it is worked (the decisions' notes stay on the case).
create table monitoring_case_notes (
  id bigint generated always as identity primary key,
  case_id uuid not null references monitoring_cases (id),
  operator_id uuid not null references operators (id),
  note text not null,
  created_at timestamptz not null
);
create index monitoring_case_notes_case on monitoring_case_notes (case_id, id);

-- One rule's finding on one movement (an entry's leg on one account), with the operations behind it.
create table monitoring_hits (
  id bigint generated always as identity primary key,
  case_id uuid not null references monitoring_cases (id),
  customer_id uuid not null references customers (id),
  rule text not null check (rule in (
    'structuring', 'pass_through', 'new_payee_large_amount', 'velocity', 'convergence', 'dormant_account')),
  rule_version integer not null references monitoring_rule_versions (version),
  entry_id bigint not null references ledger_entries (id),
  account_id bigint not null references ledger_accounts (id),
  -- Every entry the finding rests on, the movement's own included.
  entry_ids bigint[] not null,
  details jsonb not null,
  created_at timestamptz not null,
  unique (rule, entry_id, account_id)
);
create index monitoring_hits_case on monitoring_hits (case_id, id);
