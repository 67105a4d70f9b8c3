-- A card authorisation is decided in TypeScript (apps/server/src/modules/cards/rules.ts) between two
-- database functions that only lock, read and write (db/functions/card_authorization_facts.sql and
-- card_authorization_record.sql), in one transaction. The function that decided and wrote in one
-- round trip, and the low-value exemption's rule beside it, are no longer called.
drop function if exists card_authorize(text, text, date, bigint, text, text, timestamptz, bigint, text, text, text);
drop function if exists card_low_value_exempt(bigint, integer, bigint);

-- The channels are CARD_CHANNEL_LIST (packages/contracts/src/card-channels.ts), each a
-- `<channel>_enabled` column of cards, and the request's schema admits no other. The check that
-- listed them again would be one more place to change for a new channel: it keeps only their shape.
alter table card_authorizations drop constraint card_authorizations_channel_check;
alter table card_authorizations add constraint card_authorizations_channel_check
  check (channel ~ '^[a-z][a-z_]*$');
