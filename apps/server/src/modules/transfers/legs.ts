import { cents } from '@comptoir/core';
import type { Queryable } from '../../db/types.ts';
import { glAccount, type EntryInput } from '../../ledger/index.ts';
import type { TransferRow } from './transfer-row.ts';

/**
 * The ledger entry of a transfer: the payer's account to the payee's (on-us) or to the clearing
 * account of the rail it leaves by. Counterparty = the payee; the payer's name and IBAN ride in the
 * metadata so an on-us payee's operations name the payer, and so does the third party that
 * initiated it (`psd2Tpp`).
 */
export async function transferEntry(
  q: Queryable,
  t: Pick<
    TransferRow,
    | 'id'
    | 'customer_id'
    | 'account_id'
    | 'payee_account_id'
    | 'payee_name'
    | 'payee_iban'
    | 'amount'
    | 'reference'
    | 'type'
    | 'initiated_via'
  >,
  payer: { name: string; iban: string | null },
  at: Date,
  number?: string,
): Promise<EntryInput> {
  const creditAccount =
    t.payee_account_id ??
    (await glAccount(q, t.type === 'instant' ? 'gl:instant-clearing' : 'gl:sepa-clearing')).id;
  return {
    kind: 'transfer',
    legs: [
      { accountId: t.account_id, amount: cents(0n - t.amount) },
      { accountId: creditAccount, amount: cents(t.amount) },
    ],
    counterpartyName: t.payee_name,
    counterpartyIban: t.payee_iban,
    reference: t.reference || null,
    initiatedByCustomer: t.customer_id,
    metadata: {
      transferId: t.id,
      payerName: payer.name,
      payerIban: payer.iban,
      // « via <TPP> » on the operation; read back by the operations and the PSD2 transactions.
      ...(t.initiated_via ? { psd2Tpp: t.initiated_via } : {}),
    },
    ...(number ? { number } : {}),
    at,
  };
}
