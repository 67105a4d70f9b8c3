-- Open banking (docs/psd2.md): payments a TPP initiates (PSD2 art. 66), and the decoupled approach
-- (the customer decides in the bank's app rather than through a redirect).

-- A payment the TPP asked for. Until the customer approves it, it is only this request (`received`,
-- or `rejected`/`cancelled`); once approved it is a transfer of the customer's like any other, and
-- its status is the transfer's. The debtor's IBAN is kept as the TPP gave it: whose it is shows only
-- to the customer who signs in with it.
create table psd2_payments (
  id uuid primary key default gen_random_uuid(),
  tpp_id uuid not null references psd2_tpps (id),
  product text not null check (product in ('sepa-credit-transfers', 'instant-sepa-credit-transfers')),
  debtor_iban text not null,
  creditor_iban text not null,
  creditor_name text not null,
  creditor_bic text,
  amount bigint not null check (amount > 0),
  reference text not null default '',
  end_to_end_id text,
  requested_execution_date date,
  -- Until when the customer may approve it (its authorisation's end): past it, unapproved, it is rejected.
  expires_at timestamptz not null,
  status text not null default 'received' check (status in ('received', 'rejected', 'cancelled', 'accepted')),
  reason text,
  customer_id uuid references customers (id),
  transfer_id uuid unique references transfers (id),
  request_id text not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  constraint psd2_payments_accepted check ((status = 'accepted') = (transfer_id is not null))
);
create index psd2_payments_tpp on psd2_payments (tpp_id, created_at desc);
create index psd2_payments_customer on psd2_payments (customer_id) where customer_id is not null;

-- An authorisation is given to a consent or to a payment. A decoupled one keeps the customer the TPP
-- named (PSU-ID) until a job resolves it, so the request's answer costs the same whoever it names;
-- the job then forgets it.
alter table psd2_authorisations alter column consent_id drop not null;
alter table psd2_authorisations
  add column payment_id uuid references psd2_payments (id),
  add column decoupled boolean not null default false,
  add column psu_id text,
  add column notified_at timestamptz,
  add constraint psd2_authorisations_subject check ((consent_id is null) <> (payment_id is null));
create index psd2_authorisations_payment on psd2_authorisations (payment_id) where payment_id is not null;
create index psd2_authorisations_to_notify on psd2_authorisations (created_at)
  where decoupled and notified_at is null;

-- The operation shows « via <TPP> »: the transfer keeps who initiated it, for its ledger entry
-- whenever it is booked (a scheduled one, days later).
alter table transfers add column initiated_via text;

alter table sca_challenges drop constraint sca_challenges_action_check;
alter table sca_challenges add constraint sca_challenges_action_check
  check (action in ('transfer', 'beneficiary', 'card_reveal', 'factor_removal', 'factor_enrolment',
                    'data_export', 'card_authentication', 'psd2_consent', 'psd2_funds_consent',
                    'psd2_payment'));
