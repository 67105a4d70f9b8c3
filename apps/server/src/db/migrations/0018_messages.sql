-- Adviser and secure messages (docs/product/profile-and-security.md#profil).
-- An operator may be a customer's adviser; their optional phone is shown to the customer
-- (without one, the customer sees the institution's phone).

alter table operators add column phone text check (phone is null or length(phone) <= 40);
alter table customers add column adviser_id uuid references operators (id);

create table messages (
  id uuid primary key default gen_random_uuid(),
  -- The thread's order (several messages can share a millisecond).
  seq bigint generated always as identity unique,
  customer_id uuid not null references customers (id) on delete cascade,
  direction text not null check (direction in ('customer', 'bank')),
  -- The writing operator of a bank message; null for a customer's message.
  operator_id uuid references operators (id),
  body text not null check (length(body) between 1 and 2000),
  created_at timestamptz not null,
  read_at timestamptz,
  check ((direction = 'bank') = (operator_id is not null))
);
-- The thread, newest first, paged by seq; the customer's recent messages (rate limit).
create index messages_thread on messages (customer_id, seq desc);
-- Unread messages of each side (badges).
create index messages_unread on messages (customer_id, direction) where read_at is null;
