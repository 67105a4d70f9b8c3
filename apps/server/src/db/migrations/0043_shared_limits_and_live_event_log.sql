-- N instances on one PostgreSQL: what each instance used to keep in its own memory.

-- Live events, numbered per customer in commit order: the head row is locked by the publishing
-- transaction until it commits, so a customer's numbers are handed out in the order their events
-- become visible (and PostgreSQL delivers NOTIFY in commit order). A reconnecting stream sends the
-- last number it received and gets what followed, on whichever instance it reaches.
create table live_event_heads (
  customer_id uuid primary key,
  last_seq bigint not null
);

-- The recent events, kept 10 minutes (a job purges older ones): enough for a reconnection.
create table live_events (
  customer_id uuid not null,
  seq bigint not null,
  event jsonb not null,
  created_at timestamptz not null default now(),
  primary key (customer_id, seq)
);
create index live_events_created_at on live_events (created_at);

-- Rate-limit counters shared by every instance (a fixed window per key). Unlogged: a crash of
-- PostgreSQL forgets them, which only resets some windows.
create unlogged table rate_limit_hits (
  key text primary key,
  hits integer not null,
  window_ends_at timestamptz not null
);

-- Live streams open on any instance, for the per-session and per-customer caps. An instance
-- renews its streams' leases with each heartbeat; a killed instance's rows age out.
create unlogged table live_streams (
  id uuid primary key,
  session_key text not null,
  customer_id uuid not null,
  lease_ends_at timestamptz not null
);
create index live_streams_session on live_streams (session_key);
create index live_streams_customer on live_streams (customer_id);
