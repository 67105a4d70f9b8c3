-- Open banking (docs/psd2.md): the PSD2 interface for third parties (TPPs), Berlin Group
-- NextGenPSD2. A TPP is known by the organisation identifier of its eIDAS certificate; a consent is
-- what a customer let one TPP read, on which accounts, until when and how often; an authorisation is
-- one strong authentication the customer gives to a consent (first access, or the 180-day renewal).

-- The sandbox's test certificate authority: it issues TPP certificates and the listener's own.
create table psd2_sandbox_authority (
  id boolean primary key default true check (id),
  certificate text not null,
  private_key_sealed text not null,
  created_at timestamptz not null
);

create table psd2_tpps (
  id uuid primary key default gen_random_uuid(),
  -- ETSI EN 319 412-1: PSD + country + authority + its identifier, e.g. PSDFR-ACPR-12345.
  organisation_id text not null unique,
  name text not null,
  authority_id text not null,
  roles text[] not null,
  first_seen_at timestamptz not null,
  last_seen_at timestamptz not null,
  blocked_at timestamptz,
  blocked_by uuid references operators (id),
  blocked_reason text,
  constraint psd2_tpps_blocked check ((blocked_at is null) = (blocked_by is null))
);

create table psd2_consents (
  id uuid primary key default gen_random_uuid(),
  tpp_id uuid not null references psd2_tpps (id),
  -- Known once the customer signs in on the authorisation page.
  customer_id uuid references customers (id),
  -- accounts: the IBANs named; availableAccounts: the list only; allPsd2: everything;
  -- fundsConfirmation: a card issuer may ask whether an amount is available on one account (the
  -- customer gives it in « Accès tiers »).
  kind text not null check (kind in ('accounts', 'availableAccounts', 'allPsd2', 'fundsConfirmation')),
  scopes text[] not null,
  requested_ibans text[] not null default '{}',
  -- For a consent naming its accounts: which of them each service covers
  -- ({"balances": [iban…], "transactions": [iban…]}); null: every service on every account granted.
  scope_ibans jsonb,
  account_ids bigint[] not null default '{}',
  recurring boolean not null,
  valid_until date not null,
  frequency_per_day integer not null check (frequency_per_day between 1 and 4),
  status text not null default 'received'
    check (status in ('received', 'valid', 'rejected', 'revokedByPsu', 'expired', 'terminatedByTpp')),
  request_id text not null,
  created_at timestamptz not null,
  granted_at timestamptz,
  -- The last strong authentication given to this consent (RTS art. 10a: renewed every 180 days).
  sca_at timestamptz,
  last_access_at timestamptz,
  ended_at timestamptz,
  constraint psd2_consents_granted check (status <> 'valid' or (customer_id is not null and sca_at is not null))
);
create index psd2_consents_customer on psd2_consents (customer_id, created_at desc);
create index psd2_consents_tpp on psd2_consents (tpp_id, customer_id) where status = 'valid';

create table psd2_authorisations (
  id uuid primary key default gen_random_uuid(),
  consent_id uuid not null references psd2_consents (id),
  status text not null default 'received' check (status in ('received', 'finalised', 'failed')),
  redirect_uri text,
  nok_redirect_uri text,
  customer_id uuid references customers (id),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  decided_at timestamptz
);
create index psd2_authorisations_consent on psd2_authorisations (consent_id);

-- Unattended calls (no PSU-IP-Address) per consent, account, endpoint and Paris day: at most
-- frequencyPerDay (RTS art. 36(5)(b): four).
create table psd2_access_counts (
  consent_id uuid not null references psd2_consents (id),
  account_id bigint not null,
  endpoint text not null,
  day date not null,
  calls integer not null,
  primary key (consent_id, account_id, endpoint, day)
);

-- The customer's strong authentication of a TPP's access (dynamic linking: the authorisation, the
-- accounts chosen, until when and how often).
alter table sca_challenges drop constraint sca_challenges_action_check;
alter table sca_challenges add constraint sca_challenges_action_check
  check (action in ('transfer', 'beneficiary', 'card_reveal', 'factor_removal', 'factor_enrolment',
                    'data_export', 'card_authentication', 'psd2_consent', 'psd2_funds_consent'));
