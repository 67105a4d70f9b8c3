-- A posting once written is never rewritten: it changes only by receiving its balance after and its
-- booking date (entry_posted_at), null to a value, once its entry's outcome 'posted' is recorded.
-- Its amount and account never change.
create or replace function ledger_postings_refuse_rewrite() returns trigger language plpgsql as $$
begin
  if (to_jsonb(new) - array['balance_after', 'entry_posted_at'])
     is distinct from (to_jsonb(old) - array['balance_after', 'entry_posted_at'])
     or (old.balance_after is not null and new.balance_after is distinct from old.balance_after)
     or (old.entry_posted_at is not null and new.entry_posted_at is distinct from old.entry_posted_at)
     or not ((old.balance_after is null and new.balance_after is not null)
             or (old.entry_posted_at is null and new.entry_posted_at is not null)) then
    raise exception 'ledger posting % is never rewritten', old.id using errcode = '42501';
  end if;
  if not exists (select 1 from ledger_entry_outcomes o
                  where o.entry_id = new.entry_id and o.outcome = 'posted'
                    and (new.entry_posted_at is null or o.at = new.entry_posted_at)) then
    raise exception 'ledger posting % is booked only by its entry''s recorded outcome', old.id
      using errcode = '42501';
  end if;
  return new;
end;
$$;

create or replace trigger ledger_postings_no_rewrite before update on ledger_postings
  for each row execute function ledger_postings_refuse_rewrite();
