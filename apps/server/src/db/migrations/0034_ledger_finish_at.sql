-- Booking a pending entry at a given time, like ledger_post's p_at: the sandbox demo replays its
-- card payments through the card path (authorisation, then clearing) in date order, each booked when
-- it was cleared, so the operations, the monthly summary and the card's activity agree. Without a
-- time (every other caller) the transaction's time, as before. Same locks, same checks.
-- Its new text: db/functions/ledger_finish.sql. The old one is dropped (`if exists`: a database
-- created since functions have their own files has none yet).
drop function if exists ledger_finish(bigint, text);
