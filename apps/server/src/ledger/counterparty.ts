/**
 * Who an operation is with, as the holder of the posting's account sees it: SQL expressions over a
 * ledger entry `e` and one of its postings `p`. An on-us credit carries its payer in the entry's
 * metadata (`payerName`, `payerIban`), so the payee sees who paid them rather than their own bank;
 * every other posting shows the entry's counterparty. The operations list and the customer's data
 * export read the same columns, so both say the same thing.
 */
export const COUNTERPARTY_NAME = `case when p.amount > 0 and e.metadata ? 'payerName' then e.metadata->>'payerName'
                               else e.counterparty_name end`;
export const COUNTERPARTY_IBAN = `case when p.amount > 0 and e.metadata ? 'payerName' then e.metadata->>'payerIban'
                               else e.counterparty_iban end`;
