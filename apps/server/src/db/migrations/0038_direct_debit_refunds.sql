-- Refunds and claims of SEPA direct debits (docs/direct-debits.md#refunds-and-claims), and the value
-- date of a ledger entry.

-- The day an entry's amount counts from, when it is not the day it is booked: a direct debit's
-- refund is booked today and value-dated on the day the collection was debited. Null = the booking
-- day (every entry before this one). Written once by ledger_post, never changed (0036's triggers).
alter table ledger_entries add column value_date date;

-- ledger_post with the value date as its last, optional argument: callers that give 13 arguments
-- (card_authorize) keep working and write none. Its new text: db/functions/ledger_post.sql. The old
-- one is dropped (`if exists`: a database created since functions have their own files has none yet).
drop function if exists ledger_post(text, bigint[], bigint[], text, text, text, text, text, text, uuid, uuid, jsonb, timestamptz);

-- A booked collection refunded: by the customer within 8 weeks of its debit date, or by an accepted
-- claim. The refund is its own ledger entry (value-dated on the debit date); once only.
alter table direct_debit_collections add column refunded_at timestamptz;
alter table direct_debit_collections add column refund_entry_id bigint unique references ledger_entries (id);
alter table direct_debit_collections add constraint direct_debit_collections_refunded
  check ((refunded_at is null) = (refund_entry_id is null) and (refund_entry_id is null or status = 'booked'));

-- A claim (contestation) for an unauthorised collection, within 13 months of its debit date: one per
-- collection, pending until compliance accepts it (the amount is credited back) or rejects it,
-- with a note the customer reads.
create table direct_debit_claims (
  id uuid primary key default gen_random_uuid(),
  collection_id uuid not null unique references direct_debit_collections (id),
  customer_id uuid not null references customers (id),
  reason text not null check (length(reason) between 1 and 1000),
  status text not null check (status in ('pending', 'accepted', 'rejected')),
  created_at timestamptz not null,
  decided_at timestamptz,
  decided_by uuid references operators (id),
  decision_note text check (length(decision_note) between 1 and 1000),
  constraint direct_debit_claims_decided check (
    (status = 'pending') = (decided_at is null)
    and (decided_at is null) = (decided_by is null)
    and (decided_at is null) = (decision_note is null))
);
create index direct_debit_claims_queue on direct_debit_claims (status, created_at, id);
create index direct_debit_claims_customer on direct_debit_claims (customer_id);

-- A direct debit refunded (by the customer or an accepted claim), or a claim rejected, is kept as a notification.
alter table notifications drop constraint notifications_kind_check;
alter table notifications add constraint notifications_kind_check check (kind in (
  'credit', 'card_payment', 'card_declined', 'card_refund',
  'transfer_executed', 'transfer_rejected', 'transfer_skipped', 'message',
  'direct_debit_announced', 'direct_debit_returned',
  'direct_debit_refunded', 'direct_debit_claim_rejected'
));
