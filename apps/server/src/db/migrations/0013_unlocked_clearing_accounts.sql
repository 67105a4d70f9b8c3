-- Accounts without a floor (the bank's general-ledger and clearing accounts) are never locked by a
-- payment and keep no cached balance: every payment in the bank touches one of them, so a row lock
-- or a cached balance there made all payments queue on a single row. Their balance is the sum of
-- their posted postings; their legs carry no balance after (a running balance would need that lock).
update ledger_postings p set balance_after = null
  from ledger_accounts a where a.id = p.account_id and not a.floor_enforced and p.balance_after is not null;
update ledger_accounts set posted_balance = 0, pending_debits = 0 where not floor_enforced;
alter table ledger_accounts add constraint ledger_accounts_uncached_without_floor
  check (floor_enforced or (posted_balance = 0 and pending_debits = 0));
