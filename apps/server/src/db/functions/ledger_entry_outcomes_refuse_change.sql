-- A ledger outcome (ledger_finish's record of a settle or void) is never changed nor deleted, the
-- table never truncated: the entry's status and times are caches of it.
create or replace function ledger_entry_outcomes_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'a ledger outcome is never changed' using errcode = '42501';
end;
$$;

create or replace trigger ledger_entry_outcomes_no_change before update or delete on ledger_entry_outcomes
  for each row execute function ledger_entry_outcomes_refuse_change();

create or replace trigger ledger_entry_outcomes_no_truncate before truncate on ledger_entry_outcomes
  for each statement execute function ledger_entry_outcomes_refuse_change();
