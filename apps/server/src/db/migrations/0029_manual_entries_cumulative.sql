-- Four eyes cannot be split: what an operator booked alone (posted, no checker) is summed per customer
-- and overall over a rolling 24 hours, and an entry that takes a sum past its limit waits for a second
-- operator like a large one. `approval_reason` says why an entry waited (null: posted by its maker).
alter table manual_entries add column approval_reason text
  check (approval_reason in ('amount', 'cumulative_customer', 'cumulative_operator'));
update manual_entries set approval_reason = 'amount' where status = 'pending' or checker_id is not null;
alter table manual_entries add constraint manual_entries_approval_reason
  check ((approval_reason is not null) = (status = 'pending' or checker_id is not null));

-- The maker's sums over the last 24 hours (per customer: manual_entries_customer).
create index manual_entries_maker on manual_entries (maker_id, created_at);
