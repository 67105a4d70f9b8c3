-- The card's fourth channel, « Paiements récurrents » (docs/cards.md#channels): payments a merchant
-- initiates itself on a card it stored under an earlier agreement with the holder (subscriptions).
--
-- Enabled by default, for the cards issued from now on and for the cards that exist, like the other
-- three channels: a holder who never opened the card screen keeps the subscriptions they signed up
-- for, and turns the channel off in one tap. Before this channel existed such payments reached the
-- card as online payments, which every card allowed by default.
alter table cards add column recurring_enabled boolean not null default true;

alter table card_authorizations drop constraint card_authorizations_channel_check;
alter table card_authorizations add constraint card_authorizations_channel_check
  check (channel in ('online', 'in_store', 'atm', 'recurring'));

-- card_authorize (0016) as it was, its channel rule knowing `recurring`. The rules, their order and
-- the locks are unchanged; a recurring payment turned off is declined `channel_disabled` like the
-- other channels. No customer authentication is asked at any channel (the sandbox network has no
-- 3-D Secure); a merchant-initiated payment would be exempt from it anyway.
create or replace function card_authorize(
  p_fingerprint text,
  p_cvv_mac text,
  p_expiry date, -- the expiry given, first day of its month; null when it could not be read
  p_amount bigint,
  p_merchant text,
  p_channel text,
  p_now timestamptz,
  p_settlement bigint, -- gl:card-settlement's id, or null to look it up
  p_number text, -- the st- number of the reservation, or null for a random one
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
end;
$$;
