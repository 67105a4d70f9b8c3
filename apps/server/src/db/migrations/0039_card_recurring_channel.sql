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

-- card_authorize's body, its channel rule knowing `recurring`, was here; the rules are now apps/server/src/modules/cards/rules.ts, its reads and writes db/functions/card_authorization_*.sql.
