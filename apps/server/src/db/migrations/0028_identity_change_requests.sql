-- Identity change requests (docs/product/profile-and-security.md#profil): a verified identity changes only through a
-- request compliance reviews. The customer's supporting document is checked, cleaned and sealed like
-- onboarding's identity documents (random storage name, the document id as associated data).
-- `current_*` are the values on file when the request was made (they cannot change meanwhile: one
-- pending request per customer, and nothing else edits an open account's identity).
create table identity_change_requests (
  id uuid primary key,
  customer_id uuid not null references customers (id) on delete cascade,
  status text not null default 'pending' check (status in ('pending', 'accepted', 'rejected')),
  reason text not null,
  first_name text,
  last_name text,
  birth_date date,
  tax_country text,
  current_first_name text,
  current_last_name text,
  current_birth_date date,
  current_tax_country text,
  document_id uuid not null unique,
  document_mime text not null
    check (document_mime in ('image/jpeg', 'image/png', 'image/heic', 'application/pdf')),
  document_size integer not null check (document_size > 0),
  document_storage_key text not null unique,
  created_at timestamptz not null,
  decided_at timestamptz,
  decided_by uuid references operators (id),
  rejection_reason text,
  check (coalesce(first_name, last_name, birth_date::text, tax_country) is not null)
);

-- At most one request waiting for review per customer (two at once: one gets 409).
create unique index identity_change_requests_one_pending on identity_change_requests (customer_id)
  where status = 'pending';
create index identity_change_requests_customer on identity_change_requests (customer_id, created_at desc);
