import type { Queryable } from '../../db/types.ts';

export interface BeneficiaryRow {
  id: string;
  customer_id: string;
  label: string | null;
  name: string;
  iban: string;
  bic: string | null;
  internal: boolean;
  verification: 'match' | 'close_match' | 'no_match' | 'not_possible';
  created_at: Date;
}

const COLUMNS = 'id, customer_id, label, name, iban, bic, internal, verification, created_at';

export async function insertBeneficiary(
  q: Queryable,
  input: Omit<BeneficiaryRow, 'id' | 'created_at'>,
): Promise<BeneficiaryRow> {
  const { rows } = await q.query<BeneficiaryRow>(
    `insert into beneficiaries (customer_id, label, name, iban, bic, internal, verification)
     values ($1, $2, $3, $4, $5, $6, $7) returning ${COLUMNS}`,
    [input.customer_id, input.label, input.name, input.iban, input.bic, input.internal, input.verification],
  );
  const row = rows[0];
  if (!row) throw new Error('beneficiary not inserted');
  return row;
}

/** One of this customer's beneficiaries; another customer's id is as unknown as a made-up one. */
export async function beneficiaryOf(
  q: Queryable,
  customerId: string,
  id: string,
): Promise<BeneficiaryRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const { rows } = await q.query<BeneficiaryRow>(
    `select ${COLUMNS} from beneficiaries where id = $1 and customer_id = $2`,
    [id, customerId],
  );
  return rows[0] ?? null;
}

export async function beneficiariesOf(q: Queryable, customerId: string): Promise<BeneficiaryRow[]> {
  const { rows } = await q.query<BeneficiaryRow>(
    `select ${COLUMNS} from beneficiaries where customer_id = $1 order by created_at desc, id`,
    [customerId],
  );
  return rows;
}

/** Deletes one of this customer's beneficiaries; false when there was none of that id for them. */
export async function deleteBeneficiary(q: Queryable, customerId: string, id: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
  const { rowCount } = await q.query('delete from beneficiaries where id = $1 and customer_id = $2', [
    id,
    customerId,
  ]);
  return rowCount === 1;
}
