-- The EU consolidated financial sanctions list (docs/screening.md#the-list). Each import that
-- changes the content is a version; an entry's rows keep its history: a row is valid from the
-- version that brought its content until the version that removed or changed it.

create table sanctions_list_versions (
  id uuid primary key,
  version_number integer not null unique,
  -- SHA-256 of the file as loaded (hex); the same content as the version in force changes nothing.
  content_sha256 text not null check (content_sha256 ~ '^[0-9a-f]{64}$'),
  -- The file's own generation date (its `generationDate` attribute), when it gives one.
  generated_at timestamptz,
  source text not null check (source in ('upload', 'command', 'scheduled_fetch', 'sandbox')),
  -- The operator who uploaded it (upload), else null.
  loaded_by_operator_id uuid references operators (id),
  -- Who or what loaded it, as shown in the back office: an operator's address, the command, the URL.
  loaded_by text not null check (length(loaded_by) <= 500),
  entry_count integer not null check (entry_count >= 0),
  added integer not null check (added >= 0),
  removed integer not null check (removed >= 0),
  changed integer not null check (changed >= 0),
  created_at timestamptz not null
);

create table sanctions_entries (
  id uuid primary key,
  -- The list's own identifier of the entity (`sanctionEntity/@logicalId`).
  logical_id bigint not null,
  -- SHA-256 of the entry's canonical JSON: what "changed" compares, and what a false positive remembers.
  content_sha256 text not null check (content_sha256 ~ '^[0-9a-f]{64}$'),
  subject_type text not null check (subject_type in ('person', 'enterprise', 'other')),
  -- The parsed entry: aliases (whole name, first and last names, strong or weak, script), birth
  -- dates (full or year only), citizenships, identifications, addresses, regulations.
  entry jsonb not null,
  valid_from_version uuid not null references sanctions_list_versions (id),
  valid_until_version uuid references sanctions_list_versions (id)
);
-- One row in force per listed entity.
create unique index sanctions_entries_in_force on sanctions_entries (logical_id) where valid_until_version is null;
create index sanctions_entries_from on sanctions_entries (valid_from_version);
create index sanctions_entries_until on sanctions_entries (valid_until_version) where valid_until_version is not null;

-- The daily fetch of SANCTIONS_LIST_URL: one row per attempt (docs/screening.md#the-daily-fetch).
create table sanctions_list_fetches (
  id uuid primary key,
  url text not null,
  started_at timestamptz not null,
  outcome text not null check (outcome in ('new_version', 'unchanged', 'refused', 'failed')),
  version_id uuid references sanctions_list_versions (id),
  detail text check (length(detail) <= 1000)
);
create index sanctions_list_fetches_started on sanctions_list_fetches (started_at desc);
