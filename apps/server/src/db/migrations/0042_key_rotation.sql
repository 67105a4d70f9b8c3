-- Master-key rotation (npm run master-key:rotate, docs/operations.md#master-key-rotation): one row
-- per rotation, named by the target key's id (4 bytes of HMAC, never the key), and one progress row
-- per set of sealed values (key-rotation/sealed-values.ts) with the cursor of the last batch moved,
-- written in the batch's own transaction so an interrupted rotation resumes where it stopped.
create table key_rotations (
  target_key_id text primary key check (target_key_id ~ '^[0-9a-f]{8}$'),
  started_at timestamptz not null,
  finished_at timestamptz
);

create table key_rotation_progress (
  target_key_id text not null references key_rotations (target_key_id) on delete cascade,
  value_set text not null,
  cursor text,
  moved bigint not null default 0 check (moved >= 0),
  finished_at timestamptz,
  primary key (target_key_id, value_set)
);
