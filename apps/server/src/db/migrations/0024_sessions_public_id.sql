-- Active sessions on the profile (docs/product/profile-and-security.md#profil). A session is found by the hash of its cookie token,
-- which must never leave the server: each session gets a public random id the customer's browser
-- can name to revoke it. Existing rows get one each (the default is evaluated per row).
alter table customer_sessions add column id uuid not null default gen_random_uuid();
create unique index customer_sessions_public_id on customer_sessions (id);

-- The audit log names who acted. Until now a row had an operator or no one (the system); a customer
-- acting on their own account (contact details changed, sessions revoked) is recorded as such.
-- Null keeps the earlier meaning (operator when operator_id is set, else the system), so the rows
-- already chained keep their hashes: the actor enters a row's hash only when it is set.
alter table audit_log add column actor text check (actor in ('customer'));
alter table audit_log add constraint audit_log_customer_actor
  check (actor is null or (operator_id is null and customer_id is not null));
