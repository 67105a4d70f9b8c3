import type { Db } from '../db/types.ts';

/**
 * Every table that names a customer: `customers`, the tables that reference it (through foreign
 * keys, transitively), and any with a `customer_id` column. The tests that place each one (closure,
 * the data export) fail when a new table is not placed.
 */
export async function tablesNamingACustomer(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ t: string }>(
    `with recursive fk as (
       select conrelid::regclass::text as child, confrelid::regclass::text as parent
         from pg_constraint where contype = 'f'
     ), linked(t) as (
       select 'customers'::text
       union select fk.child from fk join linked on fk.parent = linked.t
     )
     select t from linked
     union select table_name::text from information_schema.columns
      where table_schema = 'public' and column_name = 'customer_id'
     order by 1`,
  );
  return rows.map((r) => r.t);
}
