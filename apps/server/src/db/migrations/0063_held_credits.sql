-- Held incoming credits (docs/held-credits.md): an incoming credit transfer from another bank that
-- compliance wants verified before the customer may spend it sits on a suspense account,
-- gl:held-credits, booked in the same commit as the hold. It leaves it by one of two balanced entries,
-- each proposed by one operator and approved by another: released to the customer, or returned to
-- the originator's bank through the clearing account it came from.
insert into ledger_accounts (code, kind, name, floor_enforced, created_at) values
  ('gl:held-credits', 'gl', 'Virements reçus en attente de vérification', false, now());

create table held_credits (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid not null references customers (id),
  -- The customer's account the credit was for (and goes to when released).
  account_id bigint not null references ledger_accounts (id),
  -- The incoming credit: one hold per credit, whichever way it was held.
  credit_entry_id bigint not null unique references ledger_entries (id),
  -- The entry that put the money on gl:held-credits: the credit itself when held on arrival, the
  -- move off the customer's account when held afterwards from a case.
  hold_entry_id bigint not null references ledger_entries (id),
  clearing_code text not null check (clearing_code in ('gl:sepa-clearing', 'gl:instant-clearing')),
  amount bigint not null check (amount > 0),
  originator_name text,
  originator_iban text,
  reference text,
  held_at timestamptz not null,
  -- The last day to decide: a return through the scheme must leave within it (rules/deadline.ts).
  deadline date not null,
  -- Who held it: an operator, or the arrival rule (held_by null, hold_rule set).
  held_by uuid references operators (id),
  hold_rule text,
  case_id uuid references monitoring_cases (id),
  hold_note text,
  status text not null default 'held' check (status in (
    'held', 'release_proposed', 'return_proposed', 'released', 'returned')),
  proposed_by uuid references operators (id),
  proposed_at timestamptz,
  proposed_reason text,
  proposed_note text,
  decided_by uuid references operators (id),
  decided_at timestamptz,
  decided_note text,
  -- The balanced entry that released or returned it.
  outcome_entry_id bigint references ledger_entries (id),
  constraint held_credits_who check ((held_by is null) <> (hold_rule is null)),
  constraint held_credits_proposed check (
    (status in ('held')) = (proposed_at is null)),
  constraint held_credits_decided check (
    (status in ('released', 'returned')) = (decided_at is not null and outcome_entry_id is not null))
);
create index held_credits_queue on held_credits (deadline, held_at)
  where status in ('held', 'release_proposed', 'return_proposed');
create index held_credits_customer on held_credits (customer_id, held_at desc);
