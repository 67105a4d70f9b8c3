-- Appends one audit entry chained to the head and moves the head to it, in the caller's transaction.
-- An entry whose previous hash is not the head's is refused: the head only ever moves forward, to
-- the row just inserted.
--
-- It runs with the rights of the role that owns it, the one that migrates (SECURITY DEFINER): with a
-- separate application role (MIGRATION_DATABASE_URL beside DATABASE_URL, db/app-role.ts) the
-- application may only read audit_log and audit_head and call this and audit_head_lock: it cannot
-- insert a row beside the chain, rewrite or delete one, move the head elsewhere than to the row it
-- just appended, nor switch a trigger off (only the tables' owner can).
create or replace function audit_append(
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
-- table called audit_head is never the one it writes. (Set after each replace, which clears it.)
do $$
begin
  execute format(
    'alter function audit_append(timestamptz, uuid, uuid, text, jsonb, text, text, text) set search_path = %I, pg_temp',
    current_schema()
  );
end;
$$;

-- Only the roles granted it (the owner, and the application role: db/app-role.ts) may append.
revoke all on function audit_append(timestamptz, uuid, uuid, text, jsonb, text, text, text) from public;
