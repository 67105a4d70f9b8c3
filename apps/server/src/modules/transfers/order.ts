import type { Cents } from '@comptoir/core';
import type { LedgerAccount } from '../../ledger/index.ts';
import type { BeneficiaryRow } from '../beneficiaries/index.ts';

/** A transfer order that passed the rules of docs/product/transfers.md#rules-in-this-order: who pays whom, from which account. */
export interface Order {
  customerId: string;
  account: LedgerAccount;
  payerName: string;
  beneficiary: BeneficiaryRow;
  /** The payee's electronic IBAN. */
  payeeIban: string;
  /** The payee's account when it is one of this bank's. */
  payeeAccount: LedgerAccount | null;
  amount: Cents;
  reference: string;
  /** A `st-` number free among transfers and ledger entries, for the transfer and its entry. */
  number: string;
}

/** The columns of a transfer row that come from its order: who pays whom, how much, why. */
export const orderColumns = (order: Order) => ({
  customer_id: order.customerId,
  account_id: order.account.id,
  beneficiary_id: order.beneficiary.id,
  payee_name: order.beneficiary.name,
  payee_iban: order.payeeIban,
  payee_bic: order.beneficiary.bic,
  payee_account_id: order.payeeAccount?.id ?? null,
  internal: order.payeeAccount !== null,
  amount: order.amount,
  reference: order.reference,
});
