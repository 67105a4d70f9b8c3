-- Notifications (docs/product/profile-and-security.md#notifications: a credit, a card payment or decline, a transfer's outcome, a bank message
-- appear live and stay in a list with an unread count) and the customer's e-mail preferences.
--
-- A row holds only what the web app needs to say it in French: the kind, an amount in cents, a
-- counterparty (payer, merchant or payee name), the st- number and, for a refusal, its French reason.
-- No card digits, no IBAN, no message text. It is written in the transaction of its cause, so it
-- exists exactly when the cause committed. Only the latest 200 of a customer are kept.

create table notifications (
  id uuid primary key default gen_random_uuid(),
  -- The list's order (several notifications can share a millisecond) and its cursor.
  seq bigint generated always as identity unique,
  customer_id uuid not null references customers (id) on delete cascade,
  kind text not null check (kind in (
    'credit', 'card_payment', 'card_declined', 'card_refund',
    'transfer_executed', 'transfer_rejected', 'transfer_skipped', 'message'
  )),
  amount bigint check (amount is null or amount > 0),
  counterparty text check (counterparty is null or length(counterparty) <= 140),
  number text check (number is null or length(number) <= 40),
  reason text check (reason is null or length(reason) <= 300),
  created_at timestamptz not null,
  read_at timestamptz
);
-- The latest N of a customer, newest first, paged by seq (and the trim beyond the cap).
create index notifications_latest on notifications (customer_id, seq desc);
-- The unread count (the bell's badge).
create index notifications_unread on notifications (customer_id) where read_at is null;

-- E-mail on each credit and on each card payment. Off until the customer turns them on: the live
-- toast and the kept list already say it all, card payments can be many a day, and the fewer routine
-- mails a bank sends about money, the more a forged one stands out. No row = both off.
create table notification_preferences (
  customer_id uuid primary key references customers (id) on delete cascade,
  email_on_credit boolean not null default false,
  email_on_card_payment boolean not null default false,
  updated_at timestamptz not null
);
