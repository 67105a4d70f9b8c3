import type { TransferRepeat, TransferStatus, TransferType } from '@comptoir/contracts';
import type { Cents } from '@comptoir/core';

/** A row of `transfers`, as the queries read it. */
export interface TransferRow {
  id: string;
  customer_id: string;
  account_id: bigint;
  beneficiary_id: string | null;
  payee_name: string;
  payee_iban: string;
  payee_bic: string | null;
  payee_account_id: bigint | null;
  internal: boolean;
  amount: Cents;
  reference: string;
  type: TransferType;
  status: TransferStatus;
  execution_date: string;
  repeat: TransferRepeat | null;
  series_id: string | null;
  occurrence: number;
  series_start: string | null;
  entry_id: bigint | null;
  number: string;
  reason_code: string | null;
  reason_message: string | null;
  /** The third party through which the customer ordered it (PSD2 payment initiation). */
  initiated_via: string | null;
  created_at: Date;
  executed_at: Date | null;
}
