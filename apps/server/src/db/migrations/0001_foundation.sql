-- Foundation schema: customers and their sessions, one-time tokens, the mail outbox, operators and
-- the append-only audit log, the double-entry ledger, idempotency keys.

create table customers (
  id uuid primary key default gen_random_uuid(),
  customer_number bigint generated always as identity (start with 100001) unique,
  email text not null,
  password_hash text not null,
  status text not null default 'pending_email'
    check (status in ('pending_email', 'pending_review', 'corrections_requested', 'active', 'rejected', 'closed')),
  account_type text not null default 'individual' check (account_type in ('individual', 'professional')),
  first_name text,
  last_name text,
  phone text,
  pending_email text,
  failed_logins integer not null default 0,
  lock_count integer not null default 0,
  locked_until timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index customers_email_key on customers (lower(email));

create table customer_sessions (
  token_hash text primary key,
  customer_id uuid not null references customers (id) on delete cascade,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  ip text,
  user_agent text
);
create index customer_sessions_customer on customer_sessions (customer_id);

create table one_time_tokens (
  token_hash text primary key,
  purpose text not null check (purpose in ('password_reset', 'email_change', 'email_verify')),
  customer_id uuid not null references customers (id) on delete cascade,
  payload jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index one_time_tokens_customer on one_time_tokens (customer_id, purpose);

create table mail_outbox (
  id bigint generated always as identity primary key,
  to_address text not null,
  template text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index mail_outbox_due on mail_outbox (next_attempt_at) where status = 'pending';

create table operators (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  name text not null,
  password_hash text not null,
  totp_secret_sealed text not null,
  role text not null check (role in ('admin', 'compliance', 'support')),
  failed_logins integer not null default 0,
  locked_until timestamptz,
  last_totp_step bigint,
  disabled_at timestamptz,
  created_at timestamptz not null default now()
);
create unique index operators_email_key on operators (lower(email));

create table operator_sessions (
  token_hash text primary key,
  operator_id uuid not null references operators (id) on delete cascade,
  stage text not null check (stage in ('password_ok', 'active')),
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  ip text
);

-- Append-only, hash-chained audit log. The head row serialises appends so the chain never forks.
create table audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  operator_id uuid references operators (id),
  customer_id uuid,
  action text not null,
  details jsonb not null default '{}'::jsonb,
  prev_hash text not null,
  hash text not null unique
);
create index audit_log_customer on audit_log (customer_id, id);
create index audit_log_operator on audit_log (operator_id, id);
create index audit_log_action on audit_log (action, id);

create table audit_head (
  id integer primary key check (id = 1),
  hash text not null
);
insert into audit_head (id, hash) values (1, repeat('0', 64));

-- Append-only: its triggers are made with their function, db/functions/audit_log_refuse_change.sql.

-- The ledger. Only apps/server/src/ledger writes these tables.
create table ledger_accounts (
  id bigint generated always as identity primary key,
  code text unique,
  customer_id uuid references customers (id),
  kind text not null check (kind in ('customer_main', 'customer_sub', 'gl')),
  name text not null,
  iban text unique,
  currency char(3) not null default 'EUR',
  posted_balance bigint not null default 0,
  pending_debits bigint not null default 0 check (pending_debits >= 0),
  overdraft_limit bigint not null default 0 check (overdraft_limit >= 0),
  floor_enforced boolean not null,
  status text not null default 'open' check (status in ('open', 'closed')),
  version bigint not null default 0,
  created_at timestamptz not null default now(),
  constraint ledger_accounts_floor
    check (not floor_enforced or posted_balance - pending_debits + overdraft_limit >= 0),
  constraint ledger_accounts_owner
    check ((kind = 'gl') = (customer_id is null) and (kind = 'gl') = (code is not null))
);
create index ledger_accounts_customer on ledger_accounts (customer_id);

create table ledger_entries (
  id bigint generated always as identity primary key,
  number text not null unique check (number ~ '^st-[1-9][0-9]{7}$'),
  kind text not null check (kind in ('transfer', 'card', 'direct_debit', 'adjustment', 'internal')),
  status text not null check (status in ('pending', 'posted', 'voided')),
  description text,
  counterparty_name text,
  counterparty_iban text,
  reference text,
  initiated_by_customer uuid references customers (id),
  initiated_by_operator uuid references operators (id),
  metadata jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  posted_at timestamptz,
  voided_at timestamptz,
  constraint ledger_entries_status_times check (
    (status = 'pending' and posted_at is null and voided_at is null)
    or (status = 'posted' and posted_at is not null and voided_at is null)
    or (status = 'voided' and voided_at is not null and posted_at is null))
);

create table ledger_postings (
  id bigint generated always as identity primary key,
  entry_id bigint not null references ledger_entries (id),
  account_id bigint not null references ledger_accounts (id),
  amount bigint not null check (amount <> 0),
  balance_after bigint
);
create index ledger_postings_account on ledger_postings (account_id, entry_id desc);
create index ledger_postings_entry on ledger_postings (entry_id);

-- Never deleted: the triggers are made with their function, db/functions/ledger_refuse_delete.sql.

create table idempotency_keys (
  scope text not null,
  key text not null,
  request_hash text not null,
  response_status integer,
  response_body jsonb,
  created_at timestamptz not null default now(),
  primary key (scope, key)
);
create index idempotency_keys_created on idempotency_keys (created_at);

insert into ledger_accounts (code, kind, name, floor_enforced) values
  ('gl:sepa-clearing', 'gl', 'Compensation SEPA', false),
  ('gl:instant-clearing', 'gl', 'Compensation SEPA instantané', false),
  ('gl:card-settlement', 'gl', 'Règlement cartes', false),
  ('gl:adjustments', 'gl', 'Régularisations', false),
  ('gl:fees', 'gl', 'Frais', false);

-- Account numbers for IBANs: a sequence never hands the same number twice, even concurrently.
create sequence account_numbers start with 1000000001;
