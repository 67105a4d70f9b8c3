-- Onboarding (docs/product/onboarding.md), back-office review (docs/product/back-office.md#customers) and encrypted identity documents.

-- Identity collected at step 1 and step 6 of the application.
alter table customers add column gender text check (gender in ('male', 'female'));
alter table customers add column birth_date date;
alter table customers add column profession text;
alter table customers add column income_range text;
alter table customers add column residence_country text;
alter table customers add column address text;
alter table customers add column postal_code text;
alter table customers add column city text;
alter table customers add column tax_country text;
alter table customers add column tax_id text;
alter table customers add column email_verified_at timestamptz;

-- Back-office list: applications to review first, newest first within a status.
create index customers_review_order on customers (status, created_at desc, id);

-- An application, from step 1 to the decision. Before submit it is found by the HMAC of the
-- opaque cookie token (token_hash); at submit it is attached to the new customer and the token is
-- forgotten. Status `duplicate`: submitted with an address that already had an account (its
-- documents are deleted at once, the row is purged with the abandoned ones).
create table onboarding_applications (
  id uuid primary key,
  token_hash text unique,
  status text not null default 'draft'
    check (status in ('draft', 'submitted', 'duplicate', 'approved', 'rejected')),
  customer_id uuid references customers (id) on delete cascade,
  residence_country text not null,
  income_range text not null,
  profession text not null,
  email text,
  document_country text,
  document_type text check (document_type in ('id_card', 'passport')),
  upload_count integer not null default 0,
  upload_bytes bigint not null default 0,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  submitted_at timestamptz,
  decided_at timestamptz,
  rejection_reason text
);
create unique index onboarding_applications_customer on onboarding_applications (customer_id)
  where customer_id is not null;
create index onboarding_applications_abandoned on onboarding_applications (status, updated_at);

-- Identity documents: metadata only; the bytes are AES-256-GCM sealed in the file store under a
-- random name (storage_key), with the document id as associated data.
create table onboarding_documents (
  id uuid primary key,
  application_id uuid not null references onboarding_applications (id) on delete cascade,
  kind text not null check (kind in ('id_front', 'id_back', 'passport', 'selfie', 'proof_of_address')),
  mime text not null check (mime in ('image/jpeg', 'image/png', 'image/heic', 'application/pdf')),
  size integer not null check (size > 0),
  storage_key text not null unique,
  uploaded_at timestamptz not null,
  replaced_at timestamptz
);
create index onboarding_documents_application on onboarding_documents (application_id, kind, uploaded_at);

-- Stored objects to delete. Rows are written in the transaction that drops the documents, then the
-- objects are deleted after commit (and by the retention job, should that fail): no orphan survives.
create table storage_deletions (
  storage_key text primary key,
  requested_at timestamptz not null
);

-- Corrections asked by an operator; resolved when the applicant sends the application back.
create table correction_requests (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid not null references customers (id) on delete cascade,
  operator_id uuid references operators (id),
  reasons jsonb not null,
  document_kinds jsonb not null default '[]'::jsonb,
  requested_at timestamptz not null,
  resolved_at timestamptz
);
create index correction_requests_customer on correction_requests (customer_id, requested_at desc);
