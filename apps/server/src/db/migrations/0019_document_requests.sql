-- Document requests and holds (docs/product/statements-and-documents.md#documents-the-bank-asks-for): who asked, what the customer
-- sent, and the operator's decision. A rejection closes the request and opens a new one (same kind
-- and blocking) carrying the rejection's reason, linked by `replaces_id`.
alter table document_requests
  add column operator_id uuid references operators (id),
  add column replaces_id uuid references document_requests (id),
  add column submitted_at timestamptz,
  add column decided_at timestamptz,
  add column decided_by uuid references operators (id),
  add column rejection_reason text;

-- The hold rules (transfers, execute-due job, card_authorize) look for a blocking request still open
-- or waiting for review.
create index document_requests_holding on document_requests (customer_id)
  where blocking and status in ('open', 'submitted');

-- The files a customer sent for a request: checked, cleaned and sealed exactly like onboarding's
-- identity documents (random storage name, the file id as associated data).
create table document_request_files (
  id uuid primary key,
  request_id uuid not null references document_requests (id) on delete cascade,
  customer_id uuid not null references customers (id) on delete cascade,
  mime text not null check (mime in ('image/jpeg', 'image/png', 'image/heic', 'application/pdf')),
  size integer not null check (size > 0),
  storage_key text not null unique,
  uploaded_at timestamptz not null
);
create index document_request_files_request on document_request_files (request_id, uploaded_at);
