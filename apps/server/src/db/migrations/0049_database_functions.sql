-- The database functions have one text each, their file in db/functions (db/migrate.ts): after the
-- migrations the runner re-applies a file whose sha-256 is not the one recorded here, then records
-- it. Migrations no longer define functions.
create table database_functions (
  name text primary key,
  checksum text not null,
  applied_at timestamptz not null
);
