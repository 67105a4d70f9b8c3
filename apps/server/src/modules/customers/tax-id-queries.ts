import type { Queryable } from '../../db/types.ts';

/** Customers whose tax number an earlier version stored in plaintext (a batch, locked). */
export async function plaintextTaxIds(
  q: Queryable,
  limit: number,
): Promise<{ id: string; tax_id: string }[]> {
  const { rows } = await q.query<{ id: string; tax_id: string }>(
    `select id, tax_id from customers where tax_id is not null order by id limit $1 for update skip locked`,
    [limit],
  );
  return rows;
}

/** Replaces a plaintext tax number by its sealed form. */
export async function replaceTaxId(q: Queryable, customerId: string, sealed: string): Promise<void> {
  await q.query(`update customers set tax_id_sealed = $2, tax_id = null where id = $1`, [customerId, sealed]);
}
