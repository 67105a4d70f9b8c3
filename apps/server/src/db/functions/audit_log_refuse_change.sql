-- The audit log is append-only: a row is never updated nor deleted, the table never truncated.
-- The triggers live here with their function, so they are created once it exists.
create or replace function audit_log_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only' using errcode = '42501';
end;
$$;

create or replace trigger audit_log_no_update before update or delete on audit_log
  for each row execute function audit_log_refuse_change();

create or replace trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function audit_log_refuse_change();
