-- The virtual debit card (docs/product/cards.md) and what the sandbox card network sends it:
-- authorisations (approved or declined), clearings and refunds.

-- One row per card. The PAN and the CVV are sealed (AES-256-GCM, purpose `card-data`, the card id as
-- associated data); the PAN is looked up by its keyed fingerprint (HMAC-SHA-256, purpose key
-- `card-fingerprint`) and the CVV checked against its keyed MAC (fingerprint and CVV, same key), so an
-- authorisation never opens a sealed value and the database holds neither in the clear.
create table cards (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid not null references customers (id),
  -- The account the card debits (the customer's main account).
  account_id bigint not null references ledger_accounts (id),
  status text not null default 'active' check (status in ('active', 'expired', 'cancelled')),
  locked boolean not null default false,
  pan_sealed text not null,
  cvv_sealed text not null,
  pan_fingerprint text not null unique,
  cvv_mac text not null,
  last4 text not null check (last4 ~ '^[0-9]{4}$'),
  holder_first_name text not null,
  holder_last_name text not null,
  -- First day of the issue month; the card is valid until the end of the month of `expires_month`
  -- (its first day), issue month + 3 years.
  valid_from date not null,
  expires_month date not null,
  weekly_limit bigint not null default 4000 check (weekly_limit between 0 and 500000),
  monthly_limit bigint not null default 4000 check (monthly_limit between 0 and 1000000),
  online_enabled boolean not null default true,
  in_store_enabled boolean not null default true,
  atm_enabled boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  cancelled_at timestamptz,
  constraint cards_cancelled_at check ((status = 'cancelled') = (cancelled_at is not null))
);
-- At most one live card per customer: « Créer une carte » issues one only when none is active.
create unique index cards_one_active on cards (customer_id) where status = 'active';
create index cards_customer on cards (customer_id, created_at desc);

-- Every authorisation the network asked for, approved or declined, with its reason. A decline of an
-- unknown card has no card (nor customer). An approval reserves its amount on the card's account
-- (`entry_id`, pending, against gl:card-settlement); a clearing books `cleared_amount` (a new posted
-- entry, `clearing_entry_id`, the reservation voided in the same transaction); an authorisation not
-- cleared within 7 days expires and its reservation is voided.
create table card_authorizations (
  id uuid primary key default gen_random_uuid(),
  card_id uuid references cards (id),
  customer_id uuid references customers (id),
  amount bigint not null check (amount > 0),
  merchant text not null,
  channel text not null check (channel in ('online', 'in_store', 'atm')),
  status text not null check (status in ('declined', 'authorized', 'cleared', 'expired')),
  reason text check (reason in ('unknown_card', 'card_expired', 'card_cancelled', 'card_locked',
    'too_many_attempts', 'invalid_card_details', 'channel_disabled', 'weekly_limit', 'monthly_limit', 'account_not_open',
    'compliance_hold', 'insufficient_funds')),
  entry_id bigint references ledger_entries (id),
  cleared_amount bigint check (cleared_amount > 0),
  clearing_entry_id bigint references ledger_entries (id),
  created_at timestamptz not null default now(),
  cleared_at timestamptz,
  expired_at timestamptz,
  constraint card_authorizations_reason check ((status = 'declined') = (reason is not null)),
  constraint card_authorizations_money check (
    (status = 'declined' and entry_id is null)
    or (status <> 'declined' and entry_id is not null and card_id is not null)),
  constraint card_authorizations_cleared check (
    (status = 'cleared') = (clearing_entry_id is not null and cleared_amount is not null and cleared_at is not null))
);
-- The limits: approved payments of one card over rolling 7- and 30-day windows.
create index card_authorizations_card on card_authorizations (card_id, created_at desc);
-- The expiry job: approvals waiting for their clearing.
create index card_authorizations_open on card_authorizations (created_at) where status = 'authorized';

-- Money a merchant gives back to a card's holder (posted at once from gl:card-settlement).
create table card_refunds (
  id uuid primary key default gen_random_uuid(),
  card_id uuid not null references cards (id),
  customer_id uuid not null references customers (id),
  amount bigint not null check (amount > 0),
  merchant text not null,
  entry_id bigint not null references ledger_entries (id),
  created_at timestamptz not null default now()
);
create index card_refunds_card on card_refunds (card_id, created_at desc);
