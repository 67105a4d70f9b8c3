-- When the password and the e-mail address last changed: a password reset link issued before either
-- no longer works (nor one mailed to an address that is no longer the customer's: the address a
-- link was sent to is kept in its token's payload).
alter table customers add column password_changed_at timestamptz;
alter table customers add column email_changed_at timestamptz;
