-- Marks a beneficiary for the screening job (docs/screening.md#screening) when it is added or its
-- name changes; a deleted one takes its mark and its last screening with it (its screenings stay on
-- record).
create or replace function screening_beneficiary_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    delete from screening_changes where subject_kind = 'beneficiary' and subject_id = old.id;
    delete from screening_subjects where subject_kind = 'beneficiary' and subject_id = old.id;
  else
    insert into screening_changes (subject_kind, subject_id, customer_id)
    values ('beneficiary', new.id, new.customer_id) on conflict do nothing;
  end if;
  return null;
end;
$$;

create or replace trigger beneficiaries_screening_insert after insert on beneficiaries
  for each row execute function screening_beneficiary_changed();

create or replace trigger beneficiaries_screening_change after update of name on beneficiaries
  for each row when (old.name is distinct from new.name)
  execute function screening_beneficiary_changed();

create or replace trigger beneficiaries_screening_delete after delete on beneficiaries
  for each row execute function screening_beneficiary_changed();
