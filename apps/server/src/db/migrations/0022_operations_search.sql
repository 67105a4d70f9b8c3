-- Finding an operation (docs/product/accounts-and-spaces.md#finding-an-operation): a month filter, a text search and a monthly summary
-- over one account's operations, fast at 100,000 entries.
--
-- An account's operations are its postings; their dates live on the entry. Entry ids and dates can
-- disagree (an entry's created_at is its transaction's start, or the date an import gives it), so a
-- month cannot be turned into an id range. Each posting therefore carries its entry's created_at and
-- posted_at, written inside the ledger's own writes, so the month of one account is an index range of
-- that account's postings.

alter table ledger_postings add column entry_created_at timestamptz, add column entry_posted_at timestamptz;

update ledger_postings p
   set entry_created_at = e.created_at, entry_posted_at = e.posted_at
  from ledger_entries e
 where e.id = p.entry_id;

alter table ledger_postings alter column entry_created_at set not null;

-- ledger_post writes the postings' dates (db/functions/ledger_post.sql); booking a pending entry
-- copies its posted_at to its postings by a trigger, db/functions/ledger_entries_posted_at.sql.

-- The month filter of the operations list (by the operation's date, created_at).
create index ledger_postings_account_created on ledger_postings (account_id, entry_created_at, entry_id);
-- The monthly summary (by booking date, posted_at; posted entries only), without reading the entries.
create index ledger_postings_account_posted on ledger_postings (account_id, entry_posted_at)
  include (amount) where entry_posted_at is not null;

-- The two functions the index below calls must exist before it is built. Their current texts are
-- db/functions/comptoir_fold.sql and db/functions/ledger_search_text.sql, re-applied after the
-- migrations; these early definitions are the same.
--
-- Text search, case- and accent-insensitive without the unaccent extension (PGlite has none loaded):
-- upper- and lower-case accented Latin letters folded to their base letter, then lower-cased.
create function comptoir_fold(t text) returns text language sql immutable strict parallel safe as $$
  select lower(replace(replace(replace(replace(translate(t,
    'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝýÿ',
    'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOOooooooUUUUuuuuYyy'), 'Œ', 'oe'), 'œ', 'oe'), 'Æ', 'ae'), 'æ', 'ae'))
$$;

-- What the search reads of an entry, folded, in one text with a trigram index: a rare word is found
-- through the index instead of by reading the account's whole history. (The query re-checks each
-- field as the account holder sees it; this expression is the index's superset.)
create function ledger_search_text(name text, payer text, reference text, description text, number text)
  returns text language sql immutable parallel safe as $$
  select public.comptoir_fold(coalesce(name, '') || ' ' || coalesce(payer, '') || ' ' || coalesce(reference, '') || ' '
                       || coalesce(description, '') || ' ' || coalesce(number, ''))
$$;

create extension if not exists pg_trgm;
create index ledger_entries_search on ledger_entries
  using gin (ledger_search_text(counterparty_name, metadata->>'payerName', reference, description, number) gin_trgm_ops);
