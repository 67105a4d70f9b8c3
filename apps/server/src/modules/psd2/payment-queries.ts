import type { Psd2PaymentProduct, TransferStatus } from '@comptoir/contracts';
import type { Cents } from '@comptoir/core';
import type { Queryable } from '../../db/types.ts';

/** A payment a TPP initiated (psd2_payments), with its transfer's status once the customer approved it. */
export interface PaymentRow {
  id: string;
  tpp_id: string;
  product: Psd2PaymentProduct;
  debtor_iban: string;
  creditor_iban: string;
  creditor_name: string;
  creditor_bic: string | null;
  amount: Cents;
  reference: string;
  end_to_end_id: string | null;
  requested_execution_date: string | null;
  expires_at: Date;
  status: 'received' | 'rejected' | 'cancelled' | 'accepted';
  reason: string | null;
  customer_id: string | null;
  transfer_id: string | null;
  transfer_status: TransferStatus | null;
  transfer_reason: string | null;
}

const COLUMNS = `p.id, p.tpp_id, p.product, p.debtor_iban, p.creditor_iban, p.creditor_name, p.creditor_bic,
  p.amount, p.reference, p.end_to_end_id, p.requested_execution_date::text as requested_execution_date,
  p.expires_at, p.status, p.reason, p.customer_id, p.transfer_id, t.status as transfer_status,
  t.reason_message as transfer_reason`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const toRow = (r: PaymentRow): PaymentRow => ({ ...r, amount: BigInt(r.amount) as Cents });

export async function insertPayment(
  q: Queryable,
  p: Pick<
    PaymentRow,
    | 'tpp_id'
    | 'product'
    | 'debtor_iban'
    | 'creditor_iban'
    | 'creditor_name'
    | 'creditor_bic'
    | 'amount'
    | 'reference'
    | 'end_to_end_id'
    | 'requested_execution_date'
    | 'expires_at'
  > & { request_id: string },
  now: Date,
): Promise<string> {
  const { rows } = await q.query<{ id: string }>(
    `insert into psd2_payments (tpp_id, product, debtor_iban, creditor_iban, creditor_name, creditor_bic, amount,
        reference, end_to_end_id, requested_execution_date, expires_at, request_id, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::date, $11, $12, $13, $13) returning id`,
    [
      p.tpp_id,
      p.product,
      p.debtor_iban,
      p.creditor_iban,
      p.creditor_name,
      p.creditor_bic,
      String(p.amount),
      p.reference,
      p.end_to_end_id,
      p.requested_execution_date,
      p.expires_at,
      p.request_id,
      now,
    ],
  );
  return (rows[0] as { id: string }).id;
}

/** One payment by id (a malformed id is an unknown one); `lock` takes the payment's row lock. */
export async function paymentById(q: Queryable, id: string, lock = false): Promise<PaymentRow | null> {
  if (!UUID.test(id)) return null;
  const { rows } = await q.query<PaymentRow>(
    `select ${COLUMNS} from psd2_payments p left join transfers t on t.id = p.transfer_id
      where p.id = $1${lock ? ' for update of p' : ''}`,
    [id],
  );
  return rows[0] ? toRow(rows[0]) : null;
}

/** The customer approved it: the transfer now carries the payment. */
export async function acceptPayment(
  q: Queryable,
  id: string,
  customerId: string,
  transferId: string,
  now: Date,
): Promise<void> {
  await q.query(
    `update psd2_payments set status = 'accepted', customer_id = $2, transfer_id = $3, updated_at = $4 where id = $1`,
    [id, customerId, transferId, now],
  );
}

/** Refused by the customer, or cancelled by the TPP before approval, with the reason told to the TPP. */
export async function closePayment(
  q: Queryable,
  id: string,
  status: 'rejected' | 'cancelled',
  reason: string,
  now: Date,
): Promise<void> {
  await q.query(`update psd2_payments set status = $2, reason = $3, updated_at = $4 where id = $1`, [
    id,
    status,
    reason,
    now,
  ]);
}
