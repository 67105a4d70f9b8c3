-- EMV 3-D Secure on the issuer's side (docs/cards.md#3-d-secure): a merchant's 3-D Secure server asks
-- the bank to authenticate an online payment before it asks for the authorisation; the bank answers
-- frictionless under the low-value exemption (PSD2 RTS art. 16), rejected, or with a challenge the
-- customer approves (strong authentication, bound to the amount and the merchant) or refuses in the
-- app within 10 minutes. An authenticated payment carries an authentication value, which
-- card_authorize checks and consumes for the card's online payments.

-- The low-value exemption's counters, on the card row (so they move under the card's lock, like
-- every authorisation): remote payments let through without strong authentication since the card's
-- last one — their cumulative amount in cents and their count. An approved challenge sets both back
-- to zero. Limits (LOW_VALUE_EXEMPTION in packages/contracts/src/card-authentications.ts, and
-- card_low_value_exempt below): ≤ 30 € each, and with this payment ≤ 100 € and ≤ 5 payments.
alter table cards
  add column exemption_amount bigint not null default 0 check (exemption_amount >= 0),
  add column exemption_count integer not null default 0 check (exemption_count >= 0);

-- Whether one more remote payment of p_amount stays within the exemption, given the counters.
create function card_low_value_exempt(p_exempt_amount bigint, p_exempt_count integer, p_amount bigint)
returns boolean language sql immutable as $$
  select p_amount > 0 and p_amount <= 3000 and p_exempt_amount + p_amount <= 10000 and p_exempt_count + 1 <= 5
$$;

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

-- card_authorize (0016, 0039) with a step 7b for online payments, after the channel and before the
-- limits; the earlier rules, the later ones and the locks are unchanged:
--   7b. authenticated or exempt    authentication_required   (channel `online` only)
--     - with an authentication value (p_authentication: its keyed hash): it must be an approved or
--       exempted authentication of this card, for this merchant, an amount no smaller than this one,
--       unused and before its value_expires_at. It is consumed (used_at, used_by) only when the
--       authorisation is approved, under the card's row lock then the authentication's.
--     - without one: only under the low-value exemption (card_low_value_exempt on the card's
--       counters); the counters move only when the authorisation is approved, under the card's lock,
--       so two payments racing for the last of the exemption cannot both pass.
--   In-store, withdrawals and recurring (merchant-initiated) payments are unchanged.
-- Lock order: card row → authentication row → (the authorisation row is new) → account.
drop function card_authorize(text, text, date, bigint, text, text, timestamptz, bigint, text);

create function card_authorize(
  p_fingerprint text,
  p_cvv_mac text,
  p_expiry date, -- the expiry given, first day of its month; null when it could not be read
  p_amount bigint,
  p_merchant text,
  p_channel text,
  p_now timestamptz,
  p_settlement bigint, -- gl:card-settlement's id, or null to look it up
  p_number text, -- the st- number of the reservation, or null for a random one
  p_authentication text, -- an online payment's authentication value, keyed-hashed; null without one
  out o_authorization uuid,
  out o_approved boolean,
  out o_reason text,
  out o_customer uuid,
  out o_card uuid,
  out o_entry bigint,
  out o_number text
) language plpgsql as $$
declare
  c record;
  v_account_status text;
  v_week bigint;
  v_month bigint;
  v_post record;
  v_settlement bigint := p_settlement;
  v_authentication record;
  v_authentication_id uuid;
  v_exempt boolean := false;
begin
  if p_amount is null or p_amount <= 0 then raise exception 'card_authorize: the amount must be positive'; end if;
  o_authorization := gen_random_uuid();
  o_approved := false;

  select cards.* into c from cards where pan_fingerprint = p_fingerprint for update;

  if not found then
    o_reason := 'unknown_card';
  else
    o_card := c.id;
    o_customer := c.customer_id;
    if c.status = 'expired' or (c.expires_month + interval '1 month') <= (p_now at time zone 'UTC') then
      o_reason := 'card_expired';
    elsif c.status = 'cancelled' then
      o_reason := 'card_cancelled';
    elsif c.locked then
      o_reason := 'card_locked';
    elsif (select count(*) from card_authorizations a
            where a.card_id = c.id and a.reason = 'invalid_card_details'
              and a.created_at > p_now - interval '24 hours') >= 3 then
      o_reason := 'too_many_attempts';
    elsif p_cvv_mac is distinct from c.cvv_mac or p_expiry is distinct from c.expires_month then
      o_reason := 'invalid_card_details';
    elsif not (case p_channel
        when 'online' then c.online_enabled
        when 'in_store' then c.in_store_enabled
        when 'atm' then c.atm_enabled
        when 'recurring' then c.recurring_enabled
        else false end) then
      o_reason := 'channel_disabled';
    end if;

    if o_reason is null and p_channel = 'online' then
      if p_authentication is not null then
        select * into v_authentication from card_authentications
         where value_hash = p_authentication for update;
        if not found or v_authentication.card_id is distinct from c.id
           or v_authentication.status not in ('approved', 'exempted')
           or v_authentication.merchant is distinct from p_merchant
           or p_amount > v_authentication.amount
           or v_authentication.used_at is not null
           or v_authentication.value_expires_at <= p_now then
          o_reason := 'authentication_required';
        else
          v_authentication_id := v_authentication.id;
        end if;
      elsif card_low_value_exempt(c.exemption_amount, c.exemption_count, p_amount) then
        v_exempt := true;
      else
        o_reason := 'authentication_required';
      end if;
    end if;

    if o_reason is null then
      -- Read after the card lock: every earlier authorisation of this card is committed and counted.
      select coalesce(sum(coalesce(a.cleared_amount, a.amount)) filter (where a.created_at > p_now - interval '7 days'), 0),
             coalesce(sum(coalesce(a.cleared_amount, a.amount)), 0)
        into v_week, v_month
        from card_authorizations a
       where a.card_id = c.id and a.status in ('authorized', 'cleared')
         and a.created_at > p_now - interval '30 days';
      if v_week + p_amount > c.weekly_limit then
        o_reason := 'weekly_limit';
      elsif v_month + p_amount > c.monthly_limit then
        o_reason := 'monthly_limit';
      end if;
    end if;

    if o_reason is null then
      select status into v_account_status from ledger_accounts where id = c.account_id;
      if v_account_status is distinct from 'open' then o_reason := 'account_not_open'; end if;
    end if;

    if o_reason is null and exists (select 1 from document_requests d
                                     where d.customer_id = c.customer_id and d.blocking
                                       and d.status in ('open', 'submitted')) then
      o_reason := 'compliance_hold';
    end if;

    if o_reason is null then
      if v_settlement is null then
        select id into v_settlement from ledger_accounts where code = 'gl:card-settlement';
      end if;
      -- Reserves the amount (available balance drops, « En cours ») under the account's lock.
      select * into v_post from ledger_post('pending', array[c.account_id, v_settlement],
          array[-p_amount, p_amount], p_number, 'card', 'Carte', p_merchant, null, null, null, null,
          jsonb_build_object('authorizationId', o_authorization, 'channel', p_channel), p_now);
      if v_post.o_error is not null then
        o_reason := case when v_post.o_error = 'account_not_open' then 'account_not_open'
                         when v_post.o_error = 'insufficient_funds' then 'insufficient_funds'
                         else null end;
        if o_reason is null then raise exception 'card_authorize: ledger_post refused: %', v_post.o_error; end if;
      else
        o_approved := true;
        o_entry := v_post.o_entry;
        o_number := v_post.o_number;
      end if;
    end if;
  end if;

  insert into card_authorizations (id, card_id, customer_id, amount, merchant, channel, status, reason,
      entry_id, created_at)
  values (o_authorization, o_card, o_customer, p_amount, p_merchant, p_channel,
      case when o_approved then 'authorized' else 'declined' end, o_reason, o_entry, p_now);

  if o_approved and p_channel = 'online' then
    if v_exempt then
      update cards set exemption_amount = exemption_amount + p_amount, exemption_count = exemption_count + 1
       where id = c.id;
    elsif v_authentication_id is not null then
      update card_authentications set used_at = p_now, used_by = o_authorization
       where id = v_authentication_id;
    end if;
  end if;
end;
$$;
