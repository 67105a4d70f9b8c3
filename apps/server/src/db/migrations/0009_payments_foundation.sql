-- Payments foundation: strong-authentication challenges (the tokens protected calls consume) and
-- beneficiaries. Second factors, transfers and their schedules come in the following migrations.

-- A challenge is made for one action and its exact details (dynamic linking): `details_hash` is the
-- SHA-256 of the canonical JSON of {action, details}. Verifying it (TOTP code or passkey assertion)
-- issues a single-use token stored only as its HMAC (`token_hash`), valid 5 minutes; the protected
-- call consumes it in its own transaction, and only for the same action and details.
create table sca_challenges (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid not null references customers (id) on delete cascade,
  action text not null check (action in ('transfer', 'beneficiary', 'card_reveal', 'factor_removal')),
  details jsonb not null,
  details_hash text not null,
  nonce text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  attempts integer not null default 0,
  verified_at timestamptz,
  verified_with text check (verified_with in ('totp', 'passkey')),
  token_hash text unique,
  token_expires_at timestamptz,
  used_at timestamptz
);
create index sca_challenges_customer on sca_challenges (customer_id, created_at);

-- A customer's payees. The IBAN is stored in electronic format; `internal` when it is an account of
-- this bank (instant transfers to it move at once). Deleting removes the row; transfers keep their
-- own copy of the payee's name and IBAN.
create table beneficiaries (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid not null references customers (id) on delete cascade,
  label text,
  name text not null,
  iban text not null,
  bic text,
  internal boolean not null,
  verification text not null check (verification in ('match', 'close_match', 'no_match', 'not_possible')),
  created_at timestamptz not null default now()
);
create index beneficiaries_customer on beneficiaries (customer_id, created_at);
