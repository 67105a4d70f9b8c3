import type { Cents } from '@comptoir/core';
import type { LedgerAccount } from '../../ledger/index.ts';

/** Whom a transfer pays: a saved beneficiary of the customer's, or a payee a third party named (PSD2). */
export interface Payee {
  beneficiaryId: string | null;
  name: string;
  bic: string | null;
}

/** A transfer order that passed the rules of docs/product/transfers.md#rules-in-this-order: who pays whom, from which account. */
export interface Order {
  customerId: string;
  account: LedgerAccount;
  payerName: string;
  payee: Payee;
  /** The payee's electronic IBAN. */
  payeeIban: string;
  /** The payee's account when it is one of this bank's. */
  payeeAccount: LedgerAccount | null;
  amount: Cents;
  reference: string;
  /** A `st-` number free among transfers and ledger entries, for the transfer and its entry. */
  number: string;
  /** The third party through which the customer ordered it (PSD2 payment initiation), else null. */
  initiatedVia: string | null;
}

/** The columns of a transfer row that come from its order: who pays whom, how much, why. */
export const orderColumns = (order: Order) => ({
  customer_id: order.customerId,
  account_id: order.account.id,
  beneficiary_id: order.payee.beneficiaryId,
  payee_name: order.payee.name,
  payee_iban: order.payeeIban,
  payee_bic: order.payee.bic,
  payee_account_id: order.payeeAccount?.id ?? null,
  internal: order.payeeAccount !== null,
  amount: order.amount,
  reference: order.reference,
  initiated_via: order.initiatedVia,
});
