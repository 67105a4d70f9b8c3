import type { Cents } from '@comptoir/core';
import type { Queryable } from '../../db/types.ts';

/**
 * Decoupled authorisations not yet announced, oldest first, skipping rows another instance holds:
 * each gets the customer its PSU-ID names (an active customer signing in with that e-mail; none
 * otherwise) and forgets the PSU-ID, in the caller's transaction.
 */
export async function resolveDecoupled(
  q: Queryable,
  now: Date,
  limit: number,
): Promise<{ id: string; customer_id: string | null; expires_at: Date }[]> {
  const { rows } = await q.query<{ id: string; customer_id: string | null; expires_at: Date }>(
    `update psd2_authorisations a
        set notified_at = $1, psu_id = null,
            customer_id = (select c.id from customers c
                            where lower(c.email) = a.psu_id and c.status = 'active' limit 1)
      where a.id in (select id from psd2_authorisations
                      where decoupled and notified_at is null
                      order by created_at limit $2 for update skip locked)
      returning a.id, a.customer_id, a.expires_at`,
    [now, limit],
  );
  return rows;
}

/** A decoupled request whose PSU-ID names a customer it does not concern: addressed to nobody. */
export async function addressToNobody(q: Queryable, id: string): Promise<void> {
  await q.query('update psd2_authorisations set customer_id = null where id = $1', [id]);
}

export interface PendingDecoupledRow {
  id: string;
  expires_at: Date;
  tpp_name: string;
  organisation_id: string;
  payment_id: string | null;
  amount: Cents | null;
}

/**
 * The customer's decoupled requests still waiting: not decided, not expired, their TPP not
 * blocked, their payment not cancelled, soonest to expire first.
 */
export async function pendingDecoupled(
  q: Queryable,
  customerId: string,
  now: Date,
): Promise<PendingDecoupledRow[]> {
  const { rows } = await q.query<PendingDecoupledRow>(
    `select a.id, a.expires_at, t.name as tpp_name, t.organisation_id, a.payment_id, p.amount
       from psd2_authorisations a
       left join psd2_payments p on p.id = a.payment_id
       left join psd2_consents c on c.id = a.consent_id
       join psd2_tpps t on t.id = coalesce(p.tpp_id, c.tpp_id)
      where a.customer_id = $1 and a.decoupled and a.status = 'received' and a.expires_at > $2
        and t.blocked_at is null
        and (p.id is null or p.status = 'received')
        and (c.id is null or c.status in ('received', 'valid'))
      order by a.expires_at, a.id
      limit 20`,
    [customerId, now],
  );
  return rows.map((r) => ({ ...r, amount: r.amount === null ? null : (BigInt(r.amount) as Cents) }));
}
