-- Which freeze a confirmed screening alert made or joined (docs/screening.md#alerts-decisions-and-freezes).
-- A customer has at most one freeze in force (and one block per payee): a second confirmed match
-- while it holds joins it rather than making another. The link tells which listed entities a freeze
-- rests on, so the back office shows it as delisted only when every one of them has left the list.
alter table screening_alerts add column freeze_id uuid references asset_freezes (id);
alter table screening_alerts add constraint screening_alerts_freeze_confirmed
  check (freeze_id is null or decision = 'confirmed');
create index screening_alerts_freeze on screening_alerts (freeze_id) where freeze_id is not null;
