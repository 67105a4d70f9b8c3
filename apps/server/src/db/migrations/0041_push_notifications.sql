-- Web Push (docs/product/profile-and-security.md#push-notifications): RFC 8030 delivery, RFC 8291
-- message encryption, RFC 8292 VAPID.
--
-- A subscription is one device of one customer: the push service's endpoint (checked when it was
-- given: https on a public host), the browser's keys and whether that device shows amounts (off by
-- default: a locked screen shows none). An endpoint given again by another customer moves to them.
create table push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid not null references customers (id) on delete cascade,
  endpoint text not null unique check (length(endpoint) <= 2048),
  p256dh text not null check (length(p256dh) <= 200),
  auth text not null check (length(auth) <= 200),
  show_amounts boolean not null default false,
  created_at timestamptz not null,
  last_success_at timestamptz
);
create index push_subscriptions_customer on push_subscriptions (customer_id, created_at);

-- The delivery queue, like the mail outbox: one row per message and device, written in the
-- transaction of its cause (so it exists exactly when the cause committed), sent by the push worker
-- after commit and deleted once the push service took it, once it is past its time to live, or
-- after the last attempt. The payload is the French text made for that device (with an amount only
-- if the device shows amounts); it is encrypted for the device only as it is sent.
create table push_deliveries (
  id bigint generated always as identity primary key,
  subscription_id uuid not null references push_subscriptions (id) on delete cascade,
  payload text not null check (length(payload) <= 3000),
  urgency text not null check (urgency in ('normal', 'high')),
  -- Past this instant the message is useless (a 3-D Secure request lasts 10 minutes): dropped, not sent.
  expires_at timestamptz not null,
  attempts integer not null default 0,
  -- Due time; while a worker sends, its lease (SKIP LOCKED claims, like the mail outbox).
  next_attempt_at timestamptz not null,
  last_error text,
  created_at timestamptz not null
);
create index push_deliveries_due on push_deliveries (next_attempt_at);
create index push_deliveries_subscription on push_deliveries (subscription_id);

-- The bank's VAPID key pair (P-256), made once at first need and shared by every instance: the
-- private key sealed under the master key (purpose `push-vapid`, bound to the public key).
create table push_vapid_keys (
  id boolean primary key default true check (id),
  public_key text not null,
  private_key_sealed text not null,
  created_at timestamptz not null
);
