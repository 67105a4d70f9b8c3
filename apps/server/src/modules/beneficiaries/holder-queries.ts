import type { Queryable } from '../../db/types.ts';

/**
 * The holder of a main account of this bank (an Espace has no IBAN), by IBAN (electronic format), for
 * Verification of Payee: their name while the account is open, only `closed` once it is closed;
 * null when no account has that IBAN.
 */
export async function holderOfIban(
  q: Queryable,
  iban: string,
): Promise<{ firstName: string; lastName: string } | 'closed' | null> {
  const { rows } = await q.query<{ first_name: string | null; last_name: string | null; status: string }>(
    `select a.status,
            case when a.status = 'open' then c.first_name end as first_name,
            case when a.status = 'open' then c.last_name end as last_name
       from ledger_accounts a
       join customers c on c.id = a.customer_id
      where a.iban = $1 and a.kind = 'customer_main'`,
    [iban],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.status !== 'open') return 'closed';
  return { firstName: row.first_name ?? '', lastName: row.last_name ?? '' };
}
