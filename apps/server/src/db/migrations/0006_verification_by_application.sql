-- Submit opens no session (no account enumeration): the application cookie stays bound to the
-- submitted (or duplicate) application so /check-your-mailbox can resend, and the link of the
-- verification mail opens the first session when clicked in that browser. The mails sent for an
-- application are timed here, so both outcomes share one resend limit.
alter table onboarding_applications add column mails_sent_at timestamptz[] not null default '{}';
