-- The durable event row (docs/events.md): a use case's commit writes one row per fact (a credit, a
-- card payment, a transfer's outcome…) and nothing else of what follows from it; the live stream,
-- the kept notifications, the push messages are derived after commit by the dispatcher, which marks
-- the row delivered in the transaction that writes them (exactly once, across instances).
create table domain_events (
  id bigint generated always as identity primary key,
  customer_id uuid not null,
  type text not null,
  payload jsonb not null,
  -- Database time: when the row was written (the facts' own dates are in the payload).
  recorded_at timestamptz not null default now(),
  delivered_at timestamptz,
  -- What a subscriber threw, when delivering this one event failed on its own (logged too).
  delivery_error text
);

-- What the dispatcher reads: the events not yet delivered, oldest first (small: rows leave it at delivery).
create index domain_events_pending on domain_events (id) where delivered_at is null;
