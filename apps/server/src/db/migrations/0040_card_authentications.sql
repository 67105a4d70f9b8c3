-- EMV 3-D Secure on the issuer's side (docs/cards.md#3-d-secure): a merchant's 3-D Secure server asks
-- the bank to authenticate an online payment before it asks for the authorisation; the bank answers
-- frictionless under the low-value exemption (PSD2 RTS art. 16), rejected, or with a challenge the
-- customer approves (strong authentication, bound to the amount and the merchant) or refuses in the
-- app within 10 minutes. An authenticated payment carries an authentication value, which
-- card_authorize checks and consumes for the card's online payments.

-- The low-value exemption's counters, on the card row (so they move under the card's lock, like
-- every authorisation): remote payments let through without strong authentication since the card's
-- last one — their cumulative amount in cents and their count. An approved challenge sets both back
-- to zero. Limits (LOW_VALUE_EXEMPTION in packages/contracts/src/card-authentications.ts): ≤ 30 €
-- each, and with this payment ≤ 100 € and ≤ 5 payments.
alter table cards
  add column exemption_amount bigint not null default 0 check (exemption_amount >= 0),
  add column exemption_count integer not null default 0 check (exemption_count >= 0);

-- card_low_value_exempt was defined here; the exemption's rule is now lowValueExempt in apps/server/src/modules/cards/rules.ts.

-- One row per 3-D Secure authentication a merchant asked for.
--   pending   a challenge: the customer has until expires_at (created_at + 10 minutes) to answer
--   approved  the customer approved it with strong authentication (decided_at)
--   refused   the customer refused it (decided_at)
--   expired   unanswered past expires_at (the expiry job; a read past expires_at already says so)
--   exempted  frictionless under the low-value exemption (decided_at = created_at)
--   rejected  refused at once: unknown, expired, cancelled or locked card, wrong expiry, online
--             payments disabled (reason; no card nor customer for an unknown card)
-- An approved or exempted authentication has an authentication value: a random 256-bit token given to
-- the merchant, stored only as its keyed hash (value_hash, for the authorisation to find it). An
-- approved one also keeps the value sealed (AES-256-GCM, purpose `card-authentication-value`) until
-- the merchant reads it once (then value_sealed is cleared) or it expires; an exempted one hands it
-- over in the answer and never stores it. The value is good for one approved authorisation of the
-- same card, merchant and an amount no larger, until value_expires_at (decided_at + 30 minutes);
-- used_at / used_by name the authorisation that consumed it.
create table card_authentications (
  id uuid primary key default gen_random_uuid(),
  card_id uuid references cards (id),
  customer_id uuid references customers (id),
  amount bigint not null check (amount > 0),
  merchant text not null,
  merchant_url text,
  status text not null check (status in ('pending', 'approved', 'refused', 'expired', 'exempted', 'rejected')),
  reason text check (reason in ('unknown_card', 'card_expired', 'card_cancelled', 'card_locked',
    'invalid_card_details', 'channel_disabled')),
  value_hash text unique,
  value_sealed text,
  value_expires_at timestamptz,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  decided_at timestamptz,
  used_at timestamptz,
  used_by uuid references card_authorizations (id),
  constraint card_authentications_reason check ((status = 'rejected') = (reason is not null)),
  constraint card_authentications_card check (
    status = 'rejected' or (card_id is not null and customer_id is not null)),
  constraint card_authentications_value check (
    (status in ('approved', 'exempted')) = (value_hash is not null and value_expires_at is not null)),
  constraint card_authentications_sealed check (value_sealed is null or status = 'approved'),
  constraint card_authentications_decided check (
    (status in ('approved', 'refused', 'exempted')) = (decided_at is not null)),
  constraint card_authentications_used check (
    (used_at is null) = (used_by is null) and (used_at is null or status in ('approved', 'exempted')))
);
-- The customer's list: their authentications, newest first.
create index card_authentications_customer on card_authentications (customer_id, created_at desc);
-- The expiry job: challenges waiting for an answer; sealed values waiting to be read.
create index card_authentications_pending on card_authentications (expires_at) where status = 'pending';
create index card_authentications_sealed on card_authentications (value_expires_at) where value_sealed is not null;

-- Challenges are approved with strong authentication bound to {authenticationId, amount, merchant}.
alter table sca_challenges drop constraint sca_challenges_action_check;
alter table sca_challenges add constraint sca_challenges_action_check
  check (action in ('transfer', 'beneficiary', 'card_reveal', 'factor_removal', 'factor_enrolment',
                    'data_export', 'card_authentication'));

-- A new decline reason for authorisations.
alter table card_authorizations drop constraint card_authorizations_reason_check;
alter table card_authorizations add constraint card_authorizations_reason_check
  check (reason in ('unknown_card', 'card_expired', 'card_cancelled', 'card_locked',
    'too_many_attempts', 'invalid_card_details', 'channel_disabled', 'authentication_required',
    'weekly_limit', 'monthly_limit', 'account_not_open', 'compliance_hold', 'insufficient_funds'));

-- card_authorize's body, with its step for online payments (3-D Secure or the exemption), was here; the rules are now apps/server/src/modules/cards/rules.ts, its reads and writes db/functions/card_authorization_*.sql.
