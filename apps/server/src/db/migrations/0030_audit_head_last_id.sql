-- The audit chain's head names its newest row as well as its hash, written in the transaction of
-- each append: verification compares where the chain ends with it, so deleting the newest rows (which
-- leaves a chain that is intact up to its new end) is seen as a break.
alter table audit_head add column last_id bigint;
update audit_head set last_id = (select max(id) from audit_log);
