-- Back office: operator lockouts double like customers' (15 min, 30 min, …), and an operator's
-- sessions are found by operator (revocation when an operator is disabled or signs out everywhere).

alter table operators add column lock_count integer not null default 0;

create index operator_sessions_operator on operator_sessions (operator_id);
