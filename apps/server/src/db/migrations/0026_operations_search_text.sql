-- The folded search text of an entry, stored. Migration 0022 indexed it as an expression, which
-- served a search alone; a month and a search together read the month's postings first and then
-- folded five fields of every one of their entries again. Stored, that test is one LIKE on a ready
-- string. (The trigram index computed the same text at every insert already.)
alter table ledger_entries add column search_text text generated always as (
  ledger_search_text(counterparty_name, metadata->>'payerName', reference, description, number)
) stored;

drop index ledger_entries_search;
create index ledger_entries_search on ledger_entries using gin (search_text gin_trgm_ops);
