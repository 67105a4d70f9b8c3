-- An event whose delivery failed is tried again later, not set aside at once (docs/events.md#delivery):
-- a passing fault (a lock timeout, a connection lost mid-pass) no longer costs the customer the live
-- message, notification or push that followed from it. `attempts` counts the failed deliveries,
-- `retry_at` (application time) is when the next may start; the customer's later events wait for it.
alter table domain_events
  add column attempts smallint not null default 0,
  add column retry_at timestamptz;

-- The events waiting for a retry, by customer: the passes leave those customers' later events alone.
create index domain_events_deferred on domain_events (customer_id, id)
  where delivered_at is null and retry_at is not null;
