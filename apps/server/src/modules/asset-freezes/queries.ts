import type { CustomerStatus } from '@comptoir/contracts';
import type { Queryable } from '../../db/types.ts';

// SQL of modules/asset-freezes: the freezes and payee blocks (migrations 0053 and 0056). A freeze is
// in force while its status is not `lifted`: a lifting proposed but not approved leaves it in force.

export type FreezeStatus = 'active' | 'lift_proposed' | 'lifted';

/** A freeze as the back office reads it, with its customer, its operators and whether it is delisted. */
export interface FreezeRow {
  id: string;
  subject_kind: 'customer' | 'beneficiary';
  customer_id: string;
  beneficiary_id: string | null;
  payee_iban: string | null;
  payee_name: string | null;
  alert_id: string | null;
  logical_id: string | null;
  status: FreezeStatus;
  frozen_at: Date;
  lift_reason: 'delisting' | 'decision' | null;
  lift_note: string | null;
  lift_proposed_at: Date | null;
  lifted_at: Date | null;
  customer_number: string;
  first_name: string | null;
  last_name: string | null;
  birth_date: string | null;
  proposer_id: string | null;
  proposer_name: string | null;
  proposer_email: string | null;
  lifter_id: string | null;
  lifter_name: string | null;
  lifter_email: string | null;
  delisted: boolean;
}

/**
 * `delisted`: every listed entity the freeze rests on (the alert that made it and those confirmed
 * while it held, linked by `screening_alerts.freeze_id`) has no entry in force any more.
 */
const VIEW = `
  select f.id, f.subject_kind, f.customer_id, f.beneficiary_id, f.payee_iban, f.payee_name, f.alert_id,
         fa.logical_id::text as logical_id, f.status, f.frozen_at, f.lift_reason, f.lift_note,
         f.lift_proposed_at, f.lifted_at,
         c.customer_number::text as customer_number, c.first_name, c.last_name,
         to_char(c.birth_date, 'YYYY-MM-DD') as birth_date,
         lp.id as proposer_id, lp.name as proposer_name, lp.email as proposer_email,
         lo.id as lifter_id, lo.name as lifter_name, lo.email as lifter_email,
         coalesce((
           select bool_and(not exists (
                    select 1 from sanctions_entries e
                     where e.logical_id = a.logical_id and e.valid_until_version is null))
             from screening_alerts a
            where a.freeze_id = f.id or a.id = f.alert_id
         ), false) as delisted
    from asset_freezes f
    join customers c on c.id = f.customer_id
    left join screening_alerts fa on fa.id = f.alert_id
    left join operators lp on lp.id = f.lift_proposed_by
    left join operators lo on lo.id = f.lifted_by`;

const LIMIT = 500;

export async function freezeById(q: Queryable, id: string): Promise<FreezeRow | null> {
  const { rows } = await q.query<FreezeRow>(`${VIEW} where f.id = $1`, [id]);
  return rows[0] ?? null;
}

/** In force (active or lifting proposed) newest frozen first, or lifted newest lifted first. */
export async function listFreezes(q: Queryable, status: 'active' | 'lifted'): Promise<FreezeRow[]> {
  const { rows } = await q.query<FreezeRow>(
    status === 'active'
      ? `${VIEW} where f.status <> 'lifted' order by f.frozen_at desc, f.id limit ${LIMIT}`
      : `${VIEW} where f.status = 'lifted' order by f.lifted_at desc, f.id limit ${LIMIT}`,
  );
  return rows;
}

/** Every freeze and payee block of one customer, newest first. */
export async function freezesOfCustomer(q: Queryable, customerId: string): Promise<FreezeRow[]> {
  const { rows } = await q.query<FreezeRow>(
    `${VIEW} where f.customer_id = $1 order by f.frozen_at desc, f.id limit ${LIMIT}`,
    [customerId],
  );
  return rows;
}

export interface LockedFreeze {
  id: string;
  subject_kind: 'customer' | 'beneficiary';
  customer_id: string;
  beneficiary_id: string | null;
  status: FreezeStatus;
  lift_reason: 'delisting' | 'decision' | null;
  lift_proposed_by: string | null;
  lift_proposed_at: Date | null;
}

/** Locks a freeze for a lifting step: of two racing steps, the second sees what the first did. */
export async function lockFreeze(q: Queryable, id: string): Promise<LockedFreeze | null> {
  const { rows } = await q.query<LockedFreeze>(
    `select id, subject_kind, customer_id, beneficiary_id, status, lift_reason, lift_proposed_by, lift_proposed_at
       from asset_freezes where id = $1 for update`,
    [id],
  );
  return rows[0] ?? null;
}

/**
 * Freezes the customer's funds, unless a freeze of theirs is already in force (then nothing is
 * written: null). Concurrent freezes of one customer meet on the unique index: one row is made.
 */
export async function insertCustomerFreeze(
  q: Queryable,
  f: { id: string; customerId: string; alertId: string; now: Date },
): Promise<string | null> {
  const { rows } = await q.query<{ id: string }>(
    `insert into asset_freezes (id, subject_kind, customer_id, alert_id, status, frozen_at)
     values ($1, 'customer', $2, $3, 'active', $4)
     on conflict (customer_id) where subject_kind = 'customer' and status <> 'lifted' do nothing
     returning id`,
    [f.id, f.customerId, f.alertId, f.now],
  );
  return rows[0]?.id ?? null;
}

/** Blocks transfers from the customer to the payee, unless a block of that IBAN is in force (null). */
export async function insertPayeeBlock(
  q: Queryable,
  f: {
    id: string;
    customerId: string;
    beneficiaryId: string;
    payeeIban: string;
    payeeName: string;
    alertId: string;
    now: Date;
  },
): Promise<string | null> {
  const { rows } = await q.query<{ id: string }>(
    `insert into asset_freezes
       (id, subject_kind, customer_id, beneficiary_id, payee_iban, payee_name, alert_id, status, frozen_at)
     values ($1, 'beneficiary', $2, $3, $4, $5, $6, 'active', $7)
     on conflict (customer_id, payee_iban) where subject_kind = 'beneficiary' and status <> 'lifted' do nothing
     returning id`,
    [f.id, f.customerId, f.beneficiaryId, f.payeeIban, f.payeeName, f.alertId, f.now],
  );
  return rows[0]?.id ?? null;
}

/** The customer's freeze in force (null: none). */
export async function customerFreezeInForce(q: Queryable, customerId: string): Promise<string | null> {
  const { rows } = await q.query<{ id: string }>(
    `select id from asset_freezes where customer_id = $1 and subject_kind = 'customer' and status <> 'lifted'`,
    [customerId],
  );
  return rows[0]?.id ?? null;
}

/** The customer's block of that payee IBAN in force (null: none). */
export async function payeeBlockInForce(
  q: Queryable,
  customerId: string,
  payeeIban: string,
): Promise<string | null> {
  const { rows } = await q.query<{ id: string }>(
    `select id from asset_freezes
      where customer_id = $1 and subject_kind = 'beneficiary' and payee_iban = $2 and status <> 'lifted'`,
    [customerId, payeeIban],
  );
  return rows[0]?.id ?? null;
}

export async function proposeLift(
  q: Queryable,
  l: { id: string; reason: 'delisting' | 'decision'; note: string; operatorId: string; now: Date },
): Promise<void> {
  await q.query(
    `update asset_freezes
        set status = 'lift_proposed', lift_reason = $2, lift_note = $3, lift_proposed_by = $4, lift_proposed_at = $5
      where id = $1 and status = 'active'`,
    [l.id, l.reason, l.note, l.operatorId, l.now],
  );
}

export async function approveLift(
  q: Queryable,
  l: { id: string; operatorId: string; now: Date },
): Promise<void> {
  await q.query(
    `update asset_freezes set status = 'lifted', lifted_by = $2, lifted_at = $3
      where id = $1 and status = 'lift_proposed'`,
    [l.id, l.operatorId, l.now],
  );
}

/** The customer's status (null: no such customer): for their live stream, and to tell a 404. */
export async function customerStatus(q: Queryable, customerId: string): Promise<CustomerStatus | null> {
  const { rows } = await q.query<{ status: CustomerStatus }>(`select status from customers where id = $1`, [
    customerId,
  ]);
  return rows[0]?.status ?? null;
}
