import type { Queryable } from '../../db/types.ts';

/** Sets the phone and/or the postal address; a field given as undefined keeps its value. */
export async function setCustomerContact(
  q: Queryable,
  customerId: string,
  c: {
    phone?: string | undefined;
    address?: string | undefined;
    postalCode?: string | undefined;
    city?: string | undefined;
  },
  now: Date,
): Promise<void> {
  await q.query(
    `update customers set phone = coalesce($2, phone), address = coalesce($3, address),
       postal_code = coalesce($4, postal_code), city = coalesce($5, city), updated_at = $6
     where id = $1`,
    [customerId, c.phone ?? null, c.address ?? null, c.postalCode ?? null, c.city ?? null, now],
  );
}
