-- Locks the audit chain's head for the rest of the caller's transaction and returns its hash:
-- appends from every connection and instance queue here, so the chain never forks.
--
-- It runs with the rights of the role that owns it, the one that migrates (SECURITY DEFINER): with a
-- separate application role (MIGRATION_DATABASE_URL beside DATABASE_URL, db/app-role.ts) the
-- application may only read audit_log and audit_head and call this and audit_append.
create or replace function audit_head_lock() returns text language plpgsql security definer as $$
declare
  head_hash text;
begin
  select hash into head_hash from audit_head where id = 1 for update;
  if head_hash is null then
    raise exception 'audit_head row is missing';
  end if;
  return head_hash;
end;
$$;

-- A SECURITY DEFINER function names its schema and puts pg_temp last: a caller's own temporary
-- table called audit_head is never the one it reads. (Set after each replace, which clears it.)
do $$
begin
  execute format('alter function audit_head_lock() set search_path = %I, pg_temp', current_schema());
end;
$$;

-- Only the roles granted it (the owner, and the application role: db/app-role.ts) may call it.
revoke all on function audit_head_lock() from public;
