-- Screening customers and beneficiaries against the sanctions list (docs/screening.md).

-- The one threshold: a score at or above it opens an alert. One row, changed by an admin (audited).
create table screening_settings (
  id boolean primary key default true check (id),
  match_threshold smallint not null default 80 check (match_threshold between 1 and 100),
  updated_by uuid references operators (id),
  updated_at timestamptz
);
insert into screening_settings (id) values (true);

-- Each subject's last screening: what the job compares to decide who is due (a new subject, a
-- changed identity, a new list version, a new calendar day for customers).
create table screening_subjects (
  subject_kind text not null check (subject_kind in ('customer', 'beneficiary')),
  subject_id uuid not null,
  customer_id uuid not null references customers (id) on delete cascade,
  identity_sha256 text not null,
  list_version_id uuid not null references sanctions_list_versions (id),
  screened_on date not null,
  screened_at timestamptz not null,
  primary key (subject_kind, subject_id)
);
create index screening_subjects_customer on screening_subjects (customer_id);

-- Every screening: who, when, against which version, why, and the result. What a supervisor reads.
create table screenings (
  id bigint generated always as identity primary key,
  subject_kind text not null check (subject_kind in ('customer', 'beneficiary')),
  subject_id uuid not null,
  customer_id uuid not null references customers (id) on delete cascade,
  list_version_id uuid not null references sanctions_list_versions (id),
  reason text not null check (reason in ('new_subject', 'identity_change', 'list_version', 'daily')),
  identity_sha256 text not null,
  threshold smallint not null,
  outcome text not null check (outcome in ('clear', 'possible_match')),
  top_score smallint not null check (top_score between 0 and 100),
  screened_at timestamptz not null
);
create index screenings_subject on screenings (subject_kind, subject_id, screened_at desc);
create index screenings_customer on screenings (customer_id, screened_at desc);

-- A possible match, for a compliance decision. At most one undecided alert per (subject, entity).
create table screening_alerts (
  id uuid primary key,
  subject_kind text not null check (subject_kind in ('customer', 'beneficiary')),
  subject_id uuid not null,
  customer_id uuid not null references customers (id) on delete cascade,
  screening_id bigint not null references screenings (id),
  entry_id uuid not null references sanctions_entries (id),
  logical_id bigint not null,
  -- What the decision is about: a false positive holds while both stay the same.
  subject_identity_sha256 text not null,
  entry_content_sha256 text not null,
  score smallint not null check (score between 0 and 100),
  -- The matcher's explanation: which alias, which tokens (exact, typo, transliteration), which dates.
  explanation jsonb not null,
  status text not null default 'open' check (status in ('open', 'confirmation_proposed', 'closed')),
  decision text check (decision in ('false_positive', 'confirmed')),
  proposed_by uuid references operators (id),
  proposed_note text check (length(proposed_note) <= 2000),
  proposed_at timestamptz,
  decided_by uuid references operators (id),
  decided_note text check (length(decided_note) <= 2000),
  decided_at timestamptz,
  created_at timestamptz not null,
  check ((status = 'closed') = (decision is not null))
);
create unique index screening_alerts_undecided on screening_alerts (subject_kind, subject_id, logical_id)
  where status <> 'closed';
create index screening_alerts_queue on screening_alerts (status, created_at);
create index screening_alerts_customer on screening_alerts (customer_id, created_at desc);
