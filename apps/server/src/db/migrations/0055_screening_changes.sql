-- What the screening job looks at (docs/screening.md#screening), so that finding who is due costs
-- the size of a batch, not a pass over every customer: the subjects whose identity or status
-- changed since their last screening (marked by the triggers of db/functions/screening_*_changed.sql),
-- and indexes on each subject's last screening for a new list version and a new calendar day.

-- A customer or beneficiary whose screened identity (customer: names, birth date; beneficiary:
-- name) or whose customer's status changed, or that is new: a candidate for the next batch, which
-- compares the identity with the one last screened and removes the mark.
create table screening_changes (
  subject_kind text not null check (subject_kind in ('customer', 'beneficiary')),
  subject_id uuid not null,
  customer_id uuid not null references customers (id) on delete cascade,
  primary key (subject_kind, subject_id)
);
create index screening_changes_customer on screening_changes (customer_id);

create index screening_subjects_version on screening_subjects (list_version_id);
create index screening_subjects_day on screening_subjects (screened_on) where subject_kind = 'customer';

-- Everyone screened who already exists (the triggers mark those who come after).
insert into screening_changes (subject_kind, subject_id, customer_id)
select 'customer', c.id, c.id from customers c
 where c.status in ('pending_review', 'corrections_requested', 'active');
insert into screening_changes (subject_kind, subject_id, customer_id)
select 'beneficiary', b.id, b.customer_id from beneficiaries b
  join customers c on c.id = b.customer_id
 where c.status in ('pending_review', 'corrections_requested', 'active');
