-- The audit chain is appended through two functions that run with the rights of the role that
-- migrates (SECURITY DEFINER). With a separate application role (MIGRATION_DATABASE_URL beside
-- DATABASE_URL, db/app-role.ts) the application may only read audit_log and audit_head and call
-- these: it cannot insert a row beside the chain, rewrite or delete one, move the head elsewhere
-- than to the row it just appended, nor switch a trigger off (only the tables' owner can).

-- Locks the head for the rest of the caller's transaction and returns its hash: appends from every
-- connection and instance queue here, so the chain never forks.
create function audit_head_lock() returns text language plpgsql security definer as $$
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

-- Appends one entry chained to the head and moves the head to it, in the caller's transaction.
-- An entry whose previous hash is not the head's is refused: the head only ever moves forward,
-- to the row just inserted.
create function audit_append(
  p_at timestamptz,
  p_operator_id uuid,
  p_customer_id uuid,
  p_action text,
  p_details jsonb,
  p_actor text,
  p_prev_hash text,
  p_hash text
) returns bigint language plpgsql security definer as $$
declare
  head_hash text;
  new_id bigint;
begin
  select hash into head_hash from audit_head where id = 1 for update;
  if head_hash is distinct from p_prev_hash then
    raise exception 'an audit entry chains to the head' using errcode = '42501';
  end if;
  insert into audit_log (at, operator_id, customer_id, action, details, actor, prev_hash, hash)
    values (p_at, p_operator_id, p_customer_id, p_action, p_details, p_actor, p_prev_hash, p_hash)
    returning id into new_id;
  update audit_head set last_id = new_id, hash = p_hash where id = 1;
  return new_id;
end;
$$;

-- A SECURITY DEFINER function names its schema and puts pg_temp last: a caller's own temporary
-- table called audit_head is never the one it writes.
do $$
begin
  execute format('alter function audit_head_lock() set search_path = %I, pg_temp', current_schema());
  execute format(
    'alter function audit_append(timestamptz, uuid, uuid, text, jsonb, text, text, text) set search_path = %I, pg_temp',
    current_schema()
  );
end;
$$;

-- Only the roles granted it (the owner, and the application role: db/app-role.ts) may append.
revoke all on function audit_head_lock() from public;
revoke all on function audit_append(timestamptz, uuid, uuid, text, jsonb, text, text, text) from public;
