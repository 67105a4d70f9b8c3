import type { Queryable } from '../../db/types.ts';

export interface AdviserRow {
  id: string;
  name: string;
  email: string;
  phone: string | null;
}

/** An operator who can advise customers: one that is not deactivated. */
export async function activeOperator(q: Queryable, operatorId: string): Promise<AdviserRow | null> {
  const { rows } = await q.query<AdviserRow>(
    `select id, name, email, phone from operators where id = $1 and disabled_at is null`,
    [operatorId],
  );
  return rows[0] ?? null;
}

export async function activeOperators(q: Queryable): Promise<AdviserRow[]> {
  const { rows } = await q.query<AdviserRow>(
    `select id, name, email, phone from operators where disabled_at is null order by lower(name), id`,
  );
  return rows;
}

export async function setAdviser(q: Queryable, customerId: string, operatorId: string | null): Promise<void> {
  await q.query(`update customers set adviser_id = $2, updated_at = now() where id = $1`, [
    customerId,
    operatorId,
  ]);
}

/** The acting customer's adviser, when one is assigned and still active. */
export async function adviserOf(q: Queryable, customerId: string): Promise<AdviserRow | null> {
  const { rows } = await q.query<AdviserRow>(
    `select o.id, o.name, o.email, o.phone
       from customers c join operators o on o.id = c.adviser_id
      where c.id = $1 and o.disabled_at is null`,
    [customerId],
  );
  return rows[0] ?? null;
}
