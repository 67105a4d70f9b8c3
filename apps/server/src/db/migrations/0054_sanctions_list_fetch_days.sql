-- The daily fetch's claim on a Paris calendar day (docs/screening.md#the-daily-fetch): one row per
-- day, taken by the instance that fetches. It holds until `claimed_until` (an instance that dies
-- mid-fetch leaves it to lapse), and `done_at` closes the day once a file was imported or found
-- unchanged; a refused or failed attempt releases it, and the next tick tries again.
create table sanctions_list_fetch_days (
  day date primary key,
  claimed_until timestamptz not null,
  done_at timestamptz
);
