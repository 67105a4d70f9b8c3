-- The payment paths read the asset freezes (docs/screening.md#freezing-in-the-payment-paths): a card
-- payment of a frozen customer is declined `account_frozen`, and a direct-debit collection on a frozen
-- account is returned AC06 (account blocked), each recorded without any ledger entry.
alter table card_authorizations drop constraint card_authorizations_reason_check;
alter table card_authorizations add constraint card_authorizations_reason_check
  check (reason in ('unknown_card', 'card_expired', 'card_cancelled', 'card_locked',
    'too_many_attempts', 'invalid_card_details', 'channel_disabled', 'authentication_required',
    'agreement_required', 'weekly_limit', 'monthly_limit', 'account_not_open', 'account_frozen',
    'compliance_hold', 'insufficient_funds'));

alter table direct_debit_collections drop constraint direct_debit_collections_return_reason_check;
alter table direct_debit_collections add constraint direct_debit_collections_return_reason_check
  check (return_reason in ('AC04', 'AC06', 'MD01', 'MS02', 'AG01', 'SL01', 'AM04'));
