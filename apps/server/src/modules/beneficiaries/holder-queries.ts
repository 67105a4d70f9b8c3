import type { Queryable } from '../../db/types.ts';

/**
 * The holder of an open main account of this bank (an Espace has no IBAN), by IBAN (electronic format), for
 * Verification of Payee; null when no open account has that IBAN.
 */
export async function holderOfIban(
  q: Queryable,
  iban: string,
): Promise<{ firstName: string; lastName: string } | null> {
  const { rows } = await q.query<{ first_name: string | null; last_name: string | null }>(
    `select c.first_name, c.last_name
       from ledger_accounts a
       join customers c on c.id = a.customer_id
      where a.iban = $1 and a.status = 'open' and a.kind = 'customer_main'`,
    [iban],
  );
  const row = rows[0];
  return row ? { firstName: row.first_name ?? '', lastName: row.last_name ?? '' } : null;
}
