-- A document asked of the customer, a document accepted, and an identity change accepted or rejected
-- are kept as notifications (docs/customer-area.md#notifications-and-live-events).
alter table notifications drop constraint notifications_kind_check;
alter table notifications add constraint notifications_kind_check check (kind in (
  'credit', 'card_payment', 'card_declined', 'card_refund',
  'transfer_executed', 'transfer_rejected', 'transfer_skipped', 'message',
  'direct_debit_announced', 'direct_debit_returned',
  'direct_debit_refunded', 'direct_debit_claim_rejected',
  'document_requested', 'document_accepted',
  'identity_change_accepted', 'identity_change_rejected'
));

-- The operator's note on accepting an identity change request (optional; a rejection's is its
-- reason). Kept on the request, which anonymisation deletes, not in the append-only audit log.
alter table identity_change_requests add column decision_note text
  check (decision_note is null or length(decision_note) <= 1000);
