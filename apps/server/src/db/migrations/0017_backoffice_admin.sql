-- Back office administration: the contact inbox records who handled a message and when; the audit
-- viewer filters by date.

alter table contact_messages
  add column handled_at timestamptz,
  add column handled_by uuid references operators (id);

create index contact_messages_open on contact_messages (id) where handled_at is null;

create index audit_log_at on audit_log (at, id);
