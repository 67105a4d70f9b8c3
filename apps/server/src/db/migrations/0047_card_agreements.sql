-- Merchant-initiated (recurring) card payments follow an agreement (docs/cards.md#recurring-payments).
-- As the card schemes require, a merchant may charge a stored card of its own accord only after a
-- first payment the holder made with that merchant and authenticated through 3-D Secure: that
-- payment's approval creates the agreement, whose reference the card network hands back to the
-- merchant; each later `recurring` authorisation carries it, and is declined `agreement_required`
-- without one of this card and this merchant (exact text, as 3-D Secure matches the merchant).

-- One agreement per card and merchant, made by the first online payment approved with the value of
-- a 3-D Secure authentication the customer approved (an exempted, frictionless one is no strong
-- authentication and makes none). The reference is a random UUID (122 random bits), handed to the
-- merchant in the approval's answer (and again with the later authenticated payments).
create table card_agreements (
  id uuid primary key default gen_random_uuid(),
  reference text not null unique,
  card_id uuid not null references cards (id),
  merchant text not null,
  authorization_id uuid not null references card_authorizations (id),
  created_at timestamptz not null,
  constraint card_agreements_one unique (card_id, merchant)
);

alter table card_authorizations drop constraint card_authorizations_reason_check;
alter table card_authorizations add constraint card_authorizations_reason_check
  check (reason in ('unknown_card', 'card_expired', 'card_cancelled', 'card_locked',
    'too_many_attempts', 'invalid_card_details', 'channel_disabled', 'authentication_required',
    'agreement_required', 'weekly_limit', 'monthly_limit', 'account_not_open', 'compliance_hold',
    'insufficient_funds'));

-- card_authorize (0016, 0039, 0040) with a step 7c for recurring payments, after the channel and
-- before the limits; the earlier rules, the later ones and the locks are unchanged:
--   7c. agreement    agreement_required   (channel `recurring` only)
--     p_agreement must be the reference of an agreement of this card with this merchant.
--   And an online payment approved with the value of an approved (challenged) authentication makes
--   the card's agreement with its merchant if there is none yet; o_agreement returns its reference.
-- Lock order: card row → authentication row → (the authorisation and agreement rows are new) → account.
drop function card_authorize(text, text, date, bigint, text, text, timestamptz, bigint, text, text);

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
  p_agreement text, -- a recurring payment's agreement reference; null without one
  out o_authorization uuid,
  out o_approved boolean,
  out o_reason text,
  out o_customer uuid,
  out o_card uuid,
  out o_entry bigint,
  out o_number text,
  out o_agreement text
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

    -- 7c. A merchant-initiated payment follows an agreement of this card with this merchant.
    if o_reason is null and p_channel = 'recurring' and (p_agreement is null or not exists (
        select 1 from card_agreements g
         where g.reference = p_agreement and g.card_id = c.id and g.merchant = p_merchant)) then
      o_reason := 'agreement_required';
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
      -- Authenticated by the customer (not exempted): the agreement with this merchant, made by the
      -- first such payment and named again by the later ones.
      if v_authentication.status = 'approved' then
        insert into card_agreements (reference, card_id, merchant, authorization_id, created_at)
        values ('agr_' || replace(gen_random_uuid()::text, '-', ''), c.id, p_merchant, o_authorization, p_now)
        on conflict (card_id, merchant) do nothing;
        select reference into o_agreement from card_agreements where card_id = c.id and merchant = p_merchant;
      end if;
    end if;
  end if;
end;
$$;
