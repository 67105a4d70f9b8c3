-- Each posting carries its entry's posted_at (entry_posted_at), so an account's monthly summary is an
-- index range of its postings (docs/product/accounts-and-spaces.md#finding-an-operation). ledger_post
-- writes it with the postings; booking a pending entry later (ledger_finish) copies the entry's new
-- posted_at to its postings through this trigger. An entry is booked once, from pending: its postings
-- have no booking date yet, and are found through the partial index ledger_postings_entry.
create or replace function ledger_entries_posted_at() returns trigger language plpgsql as $$
begin
  update ledger_postings set entry_posted_at = new.posted_at where entry_id = new.id and entry_posted_at is null;
  return null;
end;
$$;

create or replace trigger ledger_entries_posted_at after update of posted_at on ledger_entries
  for each row when (new.posted_at is distinct from old.posted_at)
  execute function ledger_entries_posted_at();
