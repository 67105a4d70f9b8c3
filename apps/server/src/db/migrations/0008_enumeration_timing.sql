-- Whether an address has an account must not show in how long the answer takes.
--
-- Login: a wrong password on an account counts a failure (an UPDATE of the customer row, committed);
-- an address without an account counts its failure on one of these rows instead (chosen by the
-- address), so both answers do the same write — the same statement on the same columns. They never
-- lock anything.
create table login_decoys (
  slot integer primary key,
  failed_logins bigint not null default 0, -- never reset: bigint, so it cannot overflow
  lock_count integer not null default 0,
  locked_until timestamptz,
  updated_at timestamptz not null default now()
);
insert into login_decoys (slot) select generate_series(0, 63);

-- Password reset: the request only records the address and answers 202; a job mails the link when
-- the address has an account, then deletes the row.
create table password_reset_requests (
  id bigint generated always as identity primary key,
  email text not null,
  requested_at timestamptz not null
);
