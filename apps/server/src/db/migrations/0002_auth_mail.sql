-- Auth and mail: indexes for the outbox worker and the per-account mail limits.

-- The worker takes mails never tried at once (whatever the clock), then retries by next_attempt_at
-- (mail_outbox_due). This keeps the first lookup an index scan as the outbox grows.
create index mail_outbox_untried on mail_outbox (id) where status = 'pending' and attempts = 0;

-- Per-account limits count the links issued in the last hour (password reset, e-mail change).
create index one_time_tokens_recent on one_time_tokens (customer_id, purpose, created_at);
