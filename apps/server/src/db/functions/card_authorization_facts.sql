-- The facts a card authorisation is decided on, in one round trip; the decision itself is
-- apps/server/src/modules/cards/rules.ts, and card_authorization_record writes its outcome in the
-- same transaction. The server computes the PAN fingerprint (it holds the key): this function never
-- sees a PAN or a CVV, and decides nothing.
--
-- Locks, in this order (every card writer follows it, so no deadlock cycle): the card row, FOR
-- UPDATE, first — one card's authorisations run one at a time, and the counts and sums below are
-- read after it, each statement with a fresh snapshot, so every earlier authorisation of the card is
-- committed and counted (two payments can never both take the last of a limit or of the exemption);
-- then the 3-D Secure authentication the payment's value names (one value pays once). The account is
-- locked later, by ledger_post in card_authorization_record.
--
-- An unknown card returns a row of nulls. The channels are every `<channel>_enabled` column of the
-- card as one object { "<channel>": true | false }: a new channel is its column, nothing here.
-- o_frozen is the asset freeze (customer_frozen): the account's state, read like the hold, never a
-- name check (docs/screening.md#freezing-in-the-payment-paths).
-- "Spent" is the sum of coalesce(cleared_amount, amount) of the card's authorisations `authorized` or
-- `cleared` created after now - 7 (30) days: rolling windows, in cents, as the card screen shows them.
drop function if exists card_authorization_facts(text, text, timestamptz, text, text);
create or replace function card_authorization_facts(
  p_fingerprint text,
  p_merchant text,
  p_now timestamptz,
  p_authentication text, -- an online payment's authentication value, keyed-hashed; null without one
  p_agreement text, -- a recurring payment's agreement reference; null without one
  out o_card uuid,
  out o_customer uuid,
  out o_account bigint,
  out o_status text,
  out o_locked boolean,
  out o_expires_month text, -- YYYY-MM-DD, the first day of the last month the card is valid
  out o_cvv_mac text,
  out o_channels jsonb,
  out o_weekly_limit bigint,
  out o_monthly_limit bigint,
  out o_exemption_amount bigint,
  out o_exemption_count integer,
  out o_wrong_details integer, -- declines for invalid_card_details in the 24 hours before now
  out o_week_spent bigint,
  out o_month_spent bigint,
  out o_authentication uuid, -- null without a value, or when no authentication has it
  out o_authentication_card uuid,
  out o_authentication_status text,
  out o_authentication_merchant text,
  out o_authentication_amount bigint,
  out o_authentication_used boolean,
  out o_authentication_value_expires_at timestamptz,
  out o_agreement boolean, -- p_agreement names an agreement of this card with p_merchant
  out o_account_open boolean,
  out o_compliance_hold boolean, -- a blocking document request still open or submitted
  out o_frozen boolean -- an asset freeze holds the customer's funds
) language plpgsql as $$
declare
  c record;
  v record;
begin
  select * into c from cards where pan_fingerprint = p_fingerprint for update;
  if not found then return; end if;

  o_card := c.id;
  o_customer := c.customer_id;
  o_account := c.account_id;
  o_status := c.status;
  o_locked := c.locked;
  o_expires_month := c.expires_month::text;
  o_cvv_mac := c.cvv_mac;
  o_weekly_limit := c.weekly_limit;
  o_monthly_limit := c.monthly_limit;
  o_exemption_amount := c.exemption_amount;
  o_exemption_count := c.exemption_count;
  select coalesce(jsonb_object_agg(left(key, -length('_enabled')), value), '{}'::jsonb) into o_channels
    from jsonb_each(to_jsonb(c)) where right(key, length('_enabled')) = '_enabled';

  if p_authentication is not null then
    select * into v from card_authentications where value_hash = p_authentication for update;
    if found then
      o_authentication := v.id;
      o_authentication_card := v.card_id;
      o_authentication_status := v.status;
      o_authentication_merchant := v.merchant;
      o_authentication_amount := v.amount;
      o_authentication_used := v.used_at is not null;
      o_authentication_value_expires_at := v.value_expires_at;
    end if;
  end if;

  select count(*) filter (where a.reason = 'invalid_card_details'
                            and a.created_at > p_now - interval '24 hours')::integer,
         coalesce(sum(coalesce(a.cleared_amount, a.amount))
                    filter (where a.status in ('authorized', 'cleared')
                              and a.created_at > p_now - interval '7 days'), 0)::bigint,
         coalesce(sum(coalesce(a.cleared_amount, a.amount))
                    filter (where a.status in ('authorized', 'cleared')), 0)::bigint
    into o_wrong_details, o_week_spent, o_month_spent
    from card_authorizations a
   where a.card_id = c.id and a.created_at > p_now - interval '30 days';

  o_agreement := p_agreement is not null and exists (
    select 1 from card_agreements g
     where g.reference = p_agreement and g.card_id = c.id and g.merchant = p_merchant);
  o_account_open := coalesce((select status = 'open' from ledger_accounts where id = c.account_id), false);
  o_compliance_hold := exists (
    select 1 from document_requests d
     where d.customer_id = c.customer_id and d.blocking and d.status in ('open', 'submitted'));
  o_frozen := customer_frozen(c.customer_id);
end;
$$;
