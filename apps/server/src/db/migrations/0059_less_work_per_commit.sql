-- Less work per money commit (docs/performance.md#per-statement).
--
-- The postings' entry index is read only to finish a reservation: ledger_finish and the trigger that
-- copies the booking date (db/functions/ledger_finish.sql, ledger_entries_posted_at.sql) look up the
-- postings of a pending entry, which have no booking date yet. Every other query on ledger_postings
-- starts from an account (ledger_postings_account, _account_created, _account_posted) or a posting
-- id (the statements' cursor, the primary key). So the index keeps only the postings of entries not
-- booked: a posting booked at once (an on-us transfer, every credit) is no longer written into it,
-- and a reservation's postings are found as before.
drop index ledger_postings_entry;
create index ledger_postings_entry on ledger_postings (entry_id) where entry_posted_at is null;

-- Rows updated in place on the payment paths, none of them in a column any index covers: the cached
-- balances (every posting), the session's idle-window slide, a card's low-value exemption counters,
-- the SCA token's and the 3-D Secure value's use. Room left on each page lets the new version stay
-- on its page, a HOT update that writes no index entry. New rows and pages get it; existing pages
-- gain it as they are rewritten.
alter table ledger_accounts set (fillfactor = 80);
alter table customer_sessions set (fillfactor = 80);
alter table cards set (fillfactor = 80);
alter table sca_challenges set (fillfactor = 80);
alter table card_authentications set (fillfactor = 80);
