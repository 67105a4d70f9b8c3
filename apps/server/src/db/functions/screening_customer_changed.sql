-- Marks a customer for the screening job (docs/screening.md#screening) when they come in or their
-- screened identity (names, birth date) or status changes: screened statuses (an application
-- submitted, an account held) mark the customer and their beneficiaries; any other (rejected,
-- closed) drops their marks and their last screenings, so that the job's daily and new-version
-- passes never walk over them again (their screenings stay on record).
create or replace function screening_customer_changed() returns trigger language plpgsql as $$
begin
  if new.status in ('pending_review', 'corrections_requested', 'active') then
    insert into screening_changes (subject_kind, subject_id, customer_id)
    values ('customer', new.id, new.id) on conflict do nothing;
    if tg_op = 'UPDATE' and old.status is distinct from new.status then
      insert into screening_changes (subject_kind, subject_id, customer_id)
      select 'beneficiary', b.id, b.customer_id from beneficiaries b where b.customer_id = new.id
      on conflict do nothing;
    end if;
  else
    delete from screening_changes where customer_id = new.id;
    delete from screening_subjects where customer_id = new.id;
  end if;
  return null;
end;
$$;

create or replace trigger customers_screening_insert after insert on customers
  for each row execute function screening_customer_changed();

create or replace trigger customers_screening_change after update of first_name, last_name, birth_date, status
  on customers for each row
  when (old.first_name is distinct from new.first_name or old.last_name is distinct from new.last_name
        or old.birth_date is distinct from new.birth_date or old.status is distinct from new.status)
  execute function screening_customer_changed();
