-- The ledger's times come from the application clock, like every other time (`ctx.clock`): tests
-- that move the clock see their entries at the time they set, and a statement's month is the month
-- the application meant. ledger_post and ledger_finish take the time as a required argument and no
-- longer fall back to the database's now(); the ledger's tables lose their now() defaults, so a
-- writer that forgets the time is refused instead of stamped by the database.

alter table ledger_entries alter column created_at drop default;
alter table ledger_accounts alter column created_at drop default;

-- Their new texts: db/functions/ledger_post.sql and db/functions/ledger_finish.sql. ledger_finish's
-- argument p_at loses its default, which a replace cannot do: the old one is dropped (`if exists`: a
-- database created since functions have their own files has none yet).
drop function if exists ledger_finish(bigint, text, timestamptz);
