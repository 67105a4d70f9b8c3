-- Ledger history is never deleted: neither an entry nor a posting (a mistake is corrected by another
-- entry). The triggers live here with their function, so they are created once it exists.
create or replace function ledger_refuse_delete() returns trigger language plpgsql as $$
begin
  raise exception 'ledger history is never deleted' using errcode = '42501';
end;
$$;

create or replace trigger ledger_entries_no_delete before delete on ledger_entries
  for each row execute function ledger_refuse_delete();

create or replace trigger ledger_postings_no_delete before delete on ledger_postings
  for each row execute function ledger_refuse_delete();
