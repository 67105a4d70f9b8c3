-- Finding an operation (docs/product/accounts-and-spaces.md#finding-an-operation): a month filter, a text search and a monthly summary
-- over one account's operations, fast at 100,000 entries.
--
-- An account's operations are its postings; their dates live on the entry. Entry ids and dates can
-- disagree (an entry's created_at is its transaction's start, or the date an import gives it), so a
-- month cannot be turned into an id range. Each posting therefore carries its entry's created_at and
-- posted_at, copied by triggers inside the ledger's own writes (ledger_post inserts the postings after
-- their entry; ledger_finish sets posted_at on the entry), so the month of one account is an index
-- range of that account's postings.

alter table ledger_postings add column entry_created_at timestamptz, add column entry_posted_at timestamptz;

update ledger_postings p
   set entry_created_at = e.created_at, entry_posted_at = e.posted_at
  from ledger_entries e
 where e.id = p.entry_id;

alter table ledger_postings alter column entry_created_at set not null;

create function ledger_postings_entry_times() returns trigger language plpgsql as $$
begin
  select e.created_at, e.posted_at into new.entry_created_at, new.entry_posted_at
    from ledger_entries e where e.id = new.entry_id;
  return new;
end;
$$;

create trigger ledger_postings_entry_times before insert on ledger_postings
  for each row execute function ledger_postings_entry_times();

create function ledger_entries_posted_at() returns trigger language plpgsql as $$
begin
  update ledger_postings set entry_posted_at = new.posted_at where entry_id = new.id;
  return null;
end;
$$;

create trigger ledger_entries_posted_at after update of posted_at on ledger_entries
  for each row when (new.posted_at is distinct from old.posted_at)
  execute function ledger_entries_posted_at();

-- The month filter of the operations list (by the operation's date, created_at).
create index ledger_postings_account_created on ledger_postings (account_id, entry_created_at, entry_id);
-- The monthly summary (by booking date, posted_at; posted entries only), without reading the entries.
create index ledger_postings_account_posted on ledger_postings (account_id, entry_posted_at)
  include (amount) where entry_posted_at is not null;

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
