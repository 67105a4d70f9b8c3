-- Writes a card authorisation as apps/server/src/modules/cards/rules.ts decided it on the facts of
-- card_authorization_facts, in the same transaction (the card row still locked). An approval first
-- reserves the amount through ledger_post (available balance drops, « En cours »; the account locked
-- there, after the card), which may still refuse it: insufficient_funds, or account_not_open for an
-- account closed meanwhile — recorded as a decline like the rules' own. Then the card_authorizations
-- row, approved or declined (an unknown card's without card nor customer), and for an approval what
-- the decision asks: the low-value exemption's counters moved, the authentication value consumed,
-- the card's agreement with the merchant made (once per card and merchant; its reference returned).
create or replace function card_authorization_record(
  p_card uuid, -- null: an unknown card
  p_customer uuid,
  p_account bigint,
  p_amount bigint,
  p_merchant text,
  p_channel text,
  p_now timestamptz,
  p_reason text, -- the rules' decline; null when they approve
  p_use_exemption boolean,
  p_use_authentication uuid, -- the authentication whose value the payment consumes; null without one
  p_make_agreement boolean,
  out o_authorization uuid,
  out o_approved boolean,
  out o_reason text,
  out o_entry bigint,
  out o_number text,
  out o_agreement text
) language plpgsql as $$
declare
  v_post record;
  v_settlement bigint;
begin
  o_authorization := gen_random_uuid();
  o_approved := false;
  o_reason := p_reason;

  if o_reason is null then
    select id into v_settlement from ledger_accounts where code = 'gl:card-settlement';
    select * into v_post from ledger_post('pending', array[p_account, v_settlement],
        array[-p_amount, p_amount], null, 'card', 'Carte', p_merchant, null, null, null, null,
        jsonb_build_object('authorizationId', o_authorization, 'channel', p_channel), p_now);
    if v_post.o_error is null then
      o_approved := true;
      o_entry := v_post.o_entry;
      o_number := v_post.o_number;
    elsif v_post.o_error in ('insufficient_funds', 'account_not_open') then
      o_reason := v_post.o_error;
    else
      raise exception 'card_authorization_record: ledger_post refused: %', v_post.o_error;
    end if;
  end if;

  insert into card_authorizations (id, card_id, customer_id, amount, merchant, channel, status, reason,
      entry_id, created_at)
  values (o_authorization, p_card, p_customer, p_amount, p_merchant, p_channel,
      case when o_approved then 'authorized' else 'declined' end, o_reason, o_entry, p_now);

  if o_approved then
    if p_use_exemption then
      update cards set exemption_amount = exemption_amount + p_amount, exemption_count = exemption_count + 1
       where id = p_card;
    end if;
    if p_use_authentication is not null then
      update card_authentications set used_at = p_now, used_by = o_authorization
       where id = p_use_authentication;
    end if;
    if p_make_agreement then
      insert into card_agreements (reference, card_id, merchant, authorization_id, created_at)
      values ('agr_' || replace(gen_random_uuid()::text, '-', ''), p_card, p_merchant, o_authorization, p_now)
      on conflict (card_id, merchant) do nothing;
      select reference into o_agreement from card_agreements where card_id = p_card and merchant = p_merchant;
    end if;
  end if;
end;
$$;
