-- The operations search's index follows the money commit instead of being part of it
-- (docs/events.md#the-search-index). Until now each entry's insert computed its folded search text
-- (a generated column) and wrote it into a trigram index, inside ledger_post, while the payer's and
-- payee's rows were locked. Now the entry's insert adds only its id to ledger_entries_unindexed; after
-- the commit one statement takes the entry off the queue by its id and writes its folded text into
-- ledger_entry_search, and every quarter second a job does the same for what is left (an instance
-- killed in between), SKIP LOCKED: each entry is indexed once, whichever instance does it.
--
-- Neither table references ledger_entries: a foreign key check would lock the entry's row
-- (FOR KEY SHARE) in the money commit and again at indexing, and entries are never deleted
-- (ledger_refuse_delete).
create table ledger_entries_unindexed (
  entry_id bigint primary key
);

create table ledger_entry_search (
  entry_id bigint primary key,
  search_text text not null
);

insert into ledger_entry_search (entry_id, search_text)
select id, search_text from ledger_entries;

-- Dropping the column drops its index (ledger_entries_search); the new one takes its name.
alter table ledger_entries drop column search_text;
create index ledger_entries_search on ledger_entry_search using gin (search_text gin_trgm_ops);
