-- Asset freezes (docs/screening.md#freezing-in-the-payment-paths): a confirmed match freezes the customer's funds, or
-- blocks transfers to a beneficiary. An outgoing payment reads one row; nothing here is a ledger
-- entry: incoming credits are booked as usual and stay frozen with the rest.
create table asset_freezes (
  id uuid primary key,
  subject_kind text not null check (subject_kind in ('customer', 'beneficiary')),
  customer_id uuid not null references customers (id),
  -- A beneficiary's block names the payee by its canonical IBAN (and the name screened), so that it
  -- outlives the beneficiary row: deleting and adding the payee again does not lift it.
  beneficiary_id uuid,
  payee_iban text check (payee_iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
  payee_name text check (length(payee_name) <= 200),
  alert_id uuid references screening_alerts (id),
  status text not null default 'active' check (status in ('active', 'lift_proposed', 'lifted')),
  frozen_at timestamptz not null,
  -- Lifting takes two operators: one proposes (with the reason and a note), another approves.
  lift_reason text check (lift_reason in ('delisting', 'decision')),
  lift_note text check (length(lift_note) <= 2000),
  lift_proposed_by uuid references operators (id),
  lift_proposed_at timestamptz,
  lifted_by uuid references operators (id),
  lifted_at timestamptz,
  check ((subject_kind = 'beneficiary') = (payee_iban is not null and payee_name is not null)),
  check ((status = 'lifted') = (lifted_at is not null))
);
create unique index asset_freezes_customer_in_force on asset_freezes (customer_id)
  where subject_kind = 'customer' and status <> 'lifted';
create unique index asset_freezes_payee_in_force on asset_freezes (customer_id, payee_iban)
  where subject_kind = 'beneficiary' and status <> 'lifted';
