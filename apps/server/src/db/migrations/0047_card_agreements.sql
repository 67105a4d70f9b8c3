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

-- card_authorize's body, with its step for recurring payments (the agreement), was here; the rules are now apps/server/src/modules/cards/rules.ts, its reads and writes db/functions/card_authorization_*.sql.
