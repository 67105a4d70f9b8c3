-- An entry once written is never rewritten: its row changes only by the one transition
-- pending → posted | voided of its cache columns (status, posted_at, voided_at), and only once its
-- outcome is recorded (ledger_entry_outcomes) with the same status and time. Everything else
-- (number, kind, counterparty, reference, created_at …) never changes.
create or replace function ledger_entries_refuse_rewrite() returns trigger language plpgsql as $$
begin
  if (to_jsonb(new) - array['status', 'posted_at', 'voided_at'])
     is distinct from (to_jsonb(old) - array['status', 'posted_at', 'voided_at']) then
    raise exception 'ledger entry % is never rewritten', old.number using errcode = '42501';
  end if;
  if old.status <> 'pending' or new.status not in ('posted', 'voided') then
    raise exception 'ledger entry % is finished once, from pending', old.number using errcode = '42501';
  end if;
  if not exists (select 1 from ledger_entry_outcomes o
                  where o.entry_id = new.id and o.outcome = new.status
                    and o.at = coalesce(new.posted_at, new.voided_at)) then
    raise exception 'ledger entry % is finished only by its recorded outcome', old.number using errcode = '42501';
  end if;
  return new;
end;
$$;

create or replace trigger ledger_entries_no_rewrite before update on ledger_entries
  for each row execute function ledger_entries_refuse_rewrite();
