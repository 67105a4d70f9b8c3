-- A card authorisation in one round trip: the decision, the reservation and the record, like
-- ledger_post (0014). The server computes the PAN fingerprint and the CVV MAC (it holds the key);
-- this function never sees a PAN or a CVV.
--
-- The rules run in this fixed order and the first one that fails is the reason recorded:
--   1. card known                  unknown_card          (recorded without card nor customer)
--   2. not expired                 card_expired          (past the end of expires_month, or status 'expired')
--   3. not cancelled               card_cancelled
--   4. not locked                  card_locked
--   5. < 3 wrong details in 24 h   too_many_attempts     (3 declines for invalid_card_details in the last
--                                                         24 hours block the card's authorisations, the
--                                                         right CVV's included: no CVV can be guessed)
--   6. CVV and expiry as printed   invalid_card_details
--   7. channel allowed             channel_disabled
--   8. weekly limit                weekly_limit          (spent over the last 7 days + amount ≤ weekly_limit)
--   9. monthly limit               monthly_limit         (the same over 30 days)
--  10. account open                account_not_open
--  11. no blocking document        compliance_hold       (an open or submitted blocking document request,
--      request                                           docs/product/statements-and-documents.md: held until accepted)
--  12. available balance           insufficient_funds    (ledger_post's own check, under the account lock)
-- "Spent" is the sum of coalesce(cleared_amount, amount) of the card's authorisations `authorized`
-- or `cleared` created after now - 7 (30) days: rolling windows, in cents.
--
-- Locks, in this order (every card writer follows it, so no deadlock cycle): the card row
-- (FOR UPDATE: one card's authorisations run one at a time, so two cannot both take the last of a
-- limit), then the account (inside ledger_post, which also serialises the balance check with every
-- other debit of the account).
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
