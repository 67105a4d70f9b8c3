-- What the operations search reads of an entry, folded, in one text: written into
-- ledger_entry_search once the entry's transaction has committed (ledger/search-index.ts, migration
-- 0061), with a trigram index, so a rare word is found through the index instead of by reading the
-- account's whole history. (The query re-checks each field as the account holder sees it; this text
-- is the index's superset.)
--
-- Migration 0022 defines it too (its index, and 0026's generated column, needed it there); this file
-- is its current text. A change here reaches the rows already written only through a migration that
-- recomputes ledger_entry_search.
create or replace function ledger_search_text(name text, payer text, reference text, description text, number text)
  returns text language sql immutable parallel safe as $$
  select public.comptoir_fold(coalesce(name, '') || ' ' || coalesce(payer, '') || ' ' || coalesce(reference, '') || ' '
                       || coalesce(description, '') || ' ' || coalesce(number, ''))
$$;
