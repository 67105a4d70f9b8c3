import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/types.ts';

/**
 * Asset freezes written straight into `asset_freezes` (migration 0053) for the payment paths' tests
 * (docs/screening.md#freezing-in-the-payment-paths): the paths only read the row, so a test needs
 * neither a list, a screening nor an alert. Tests and benches only.
 */

/** A freeze of the customer's funds, in force (`active`, or `lift_proposed`); its id. */
export async function insertCustomerFreeze(
  q: Queryable,
  customerId: string,
  options: { status?: 'active' | 'lift_proposed'; at?: Date } = {},
): Promise<string> {
  const id = randomUUID();
  await q.query(
    `insert into asset_freezes (id, subject_kind, customer_id, status, frozen_at)
     values ($1, 'customer', $2, $3, $4)`,
    [id, customerId, options.status ?? 'active', options.at ?? new Date()],
  );
  return id;
}

/** A block of the customer's transfers to a payee, by its canonical IBAN, in force; its id. */
export async function insertPayeeBlock(
  q: Queryable,
  customerId: string,
  payee: { iban: string; name: string; beneficiaryId?: string | null },
  options: { status?: 'active' | 'lift_proposed'; at?: Date } = {},
): Promise<string> {
  const id = randomUUID();
  await q.query(
    `insert into asset_freezes (id, subject_kind, customer_id, beneficiary_id, payee_iban, payee_name, status,
        frozen_at)
     values ($1, 'beneficiary', $2, $3, $4, $5, $6, $7)`,
    [
      id,
      customerId,
      payee.beneficiaryId ?? null,
      payee.iban,
      payee.name,
      options.status ?? 'active',
      options.at ?? new Date(),
    ],
  );
  return id;
}

/** The freeze's status becomes `lifted` (as the second operator's approval leaves it). */
export async function markFreezeLifted(q: Queryable, freezeId: string, at: Date = new Date()): Promise<void> {
  const { rowCount } = await q.query(
    `update asset_freezes set status = 'lifted', lifted_at = $2, lift_reason = coalesce(lift_reason, 'decision')
      where id = $1 and status <> 'lifted'`,
    [freezeId, at],
  );
  if (rowCount !== 1) throw new Error(`freeze ${freezeId} is not in force`);
}
