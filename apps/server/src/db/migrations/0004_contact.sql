-- Contact form (docs/product/marketing-site.md#pages): messages from visitors, read by operators in the back-office inbox.
-- The acknowledgement mail is written to mail_outbox in the same transaction as the message.

create table contact_messages (
  id bigint generated always as identity primary key,
  received_at timestamptz not null,
  name text not null check (char_length(name) between 1 and 100),
  company text not null check (char_length(company) between 1 and 120),
  email text not null check (char_length(email) between 3 and 254),
  message text not null check (char_length(message) between 1 and 5000),
  consent_at timestamptz not null
);

-- The per-address limit counts an address's messages of the last hour.
create index contact_messages_email_recent on contact_messages (email, received_at);
