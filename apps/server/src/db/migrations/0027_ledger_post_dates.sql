-- The postings' copies of their entry's dates (migration 0022) are written by the ledger's own
-- insert instead of a trigger that looked the entry up for every posting: ledger_post knows both
-- dates, and the history importer writes them too. Booking a pending entry still copies its
-- posted_at to its postings (the trigger on ledger_entries, unchanged). A posting inserted without
-- its dates is refused (entry_created_at is not null), so no writer can forget them.

-- A database created since functions have their own files (db/functions) never had the old trigger,
-- which 0022 no longer makes: hence `if exists`.
drop trigger if exists ledger_postings_entry_times on ledger_postings;
drop function if exists ledger_postings_entry_times();

-- ledger_post writes both dates with the postings: db/functions/ledger_post.sql.
