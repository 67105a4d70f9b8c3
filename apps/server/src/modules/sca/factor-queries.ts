import { isUuid } from '@comptoir/core';
import type { Queryable } from '../../db/types.ts';

export interface FactorRow {
  id: string;
  customer_id: string;
  type: 'totp' | 'passkey';
  name: string;
  totp_secret_sealed: string | null;
  last_totp_step: string | null;
  credential_id: string | null;
  public_key: string | null;
  counter: string;
  transports: string[] | null;
  created_at: Date;
  confirmed_at: Date | null;
  last_used_at: Date | null;
  /** A pending TOTP enrolment started with the approval of a factor the customer already had. */
  enrolment_approved: boolean;
}

const COLUMNS = `id, customer_id, type, name, totp_secret_sealed, last_totp_step, credential_id, public_key,
  counter, transports, created_at, confirmed_at, last_used_at, enrolment_approved`;

/** The customer's active factors (TOTP confirmed, passkeys), oldest first. */
export async function activeFactors(q: Queryable, customerId: string): Promise<FactorRow[]> {
  const { rows } = await q.query<FactorRow>(
    `select ${COLUMNS} from sca_factors where customer_id = $1 and confirmed_at is not null
      order by created_at, id`,
    [customerId],
  );
  return rows;
}

/** How many active factors the customer has. */
export async function countActiveFactors(q: Queryable, customerId: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    'select count(*)::int as n from sca_factors where customer_id = $1 and confirmed_at is not null',
    [customerId],
  );
  return rows[0]?.n ?? 0;
}

/** One of this customer's active factors; another customer's id is as unknown as a made-up one. */
export async function activeFactorOf(
  q: Queryable,
  customerId: string,
  id: string,
): Promise<FactorRow | null> {
  if (!isUuid(id)) return null;
  const { rows } = await q.query<FactorRow>(
    `select ${COLUMNS} from sca_factors where id = $1 and customer_id = $2 and confirmed_at is not null`,
    [id, customerId],
  );
  return rows[0] ?? null;
}

/** Replaces the customer's pending TOTP enrolment (if any) by a new one. */
export async function insertPendingTotp(
  q: Queryable,
  input: { id: string; customerId: string; name: string; secretSealed: string; now: Date; approved: boolean },
): Promise<void> {
  await deletePendingTotp(q, input.customerId);
  await q.query(
    `insert into sca_factors (id, customer_id, type, name, totp_secret_sealed, created_at, enrolment_approved)
     values ($1, $2, 'totp', $3, $4, $5, $6)`,
    [input.id, input.customerId, input.name, input.secretSealed, input.now, input.approved],
  );
}

/** Drops the customer's pending TOTP enrolment, if any. */
export async function deletePendingTotp(q: Queryable, customerId: string): Promise<void> {
  await q.query(`delete from sca_factors where customer_id = $1 and type = 'totp' and confirmed_at is null`, [
    customerId,
  ]);
}

/** The customer's pending TOTP enrolment started after `since` (older ones have expired), locked. */
export async function pendingTotpForUpdate(
  q: Queryable,
  customerId: string,
  since: Date,
): Promise<FactorRow | null> {
  const { rows } = await q.query<FactorRow>(
    `select ${COLUMNS} from sca_factors
      where customer_id = $1 and type = 'totp' and confirmed_at is null and created_at > $2
      for update`,
    [customerId, since],
  );
  return rows[0] ?? null;
}

/** Activates a pending TOTP factor with the step of its first code. */
export async function confirmTotp(
  q: Queryable,
  input: { id: string; step: number; name: string | undefined; now: Date },
): Promise<FactorRow> {
  const { rows } = await q.query<FactorRow>(
    `update sca_factors set confirmed_at = $3, last_totp_step = $2, last_used_at = $3, name = coalesce($4, name)
      where id = $1 and confirmed_at is null returning ${COLUMNS}`,
    [input.id, input.step, input.now, input.name ?? null],
  );
  const row = rows[0];
  if (!row) throw new Error('pending TOTP factor vanished');
  return row;
}

/**
 * Takes a TOTP step for a factor: true only the first time a step (or a later one) is given, so a
 * code is never accepted twice — one statement, so two requests racing with one code cannot both win.
 */
export async function claimTotpStep(
  q: Queryable,
  factorId: string,
  step: number,
  now: Date,
): Promise<boolean> {
  const { rowCount } = await q.query(
    `update sca_factors set last_totp_step = $2, last_used_at = $3
      where id = $1 and confirmed_at is not null and (last_totp_step is null or last_totp_step < $2)`,
    [factorId, step, now],
  );
  return rowCount === 1;
}

/** This customer's passkey with that credential id. */
export async function passkeyOf(
  q: Queryable,
  customerId: string,
  credentialId: string,
): Promise<FactorRow | null> {
  const { rows } = await q.query<FactorRow>(
    `select ${COLUMNS} from sca_factors where customer_id = $1 and type = 'passkey' and credential_id = $2
      for update`,
    [customerId, credentialId],
  );
  return rows[0] ?? null;
}

export async function insertPasskey(
  q: Queryable,
  input: {
    customerId: string;
    name: string;
    credentialId: string;
    publicKey: string;
    counter: number;
    transports: string[];
    now: Date;
  },
): Promise<FactorRow> {
  const { rows } = await q.query<FactorRow>(
    `insert into sca_factors (customer_id, type, name, credential_id, public_key, counter, transports, created_at,
                              confirmed_at)
     values ($1, 'passkey', $2, $3, $4, $5, $6, $7, $7) returning ${COLUMNS}`,
    [
      input.customerId,
      input.name,
      input.credentialId,
      input.publicKey,
      input.counter,
      JSON.stringify(input.transports),
      input.now,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('passkey not inserted');
  return row;
}

/** Records a passkey's use and its authenticator's new signature counter. */
export async function recordPasskeyUse(q: Queryable, id: string, counter: number, now: Date): Promise<void> {
  await q.query('update sca_factors set counter = $2, last_used_at = $3 where id = $1', [id, counter, now]);
}

export async function renameFactor(
  q: Queryable,
  customerId: string,
  id: string,
  name: string,
): Promise<FactorRow | null> {
  if (!isUuid(id)) return null;
  const { rows } = await q.query<FactorRow>(
    `update sca_factors set name = $3 where id = $1 and customer_id = $2 and confirmed_at is not null
      returning ${COLUMNS}`,
    [id, customerId, name],
  );
  return rows[0] ?? null;
}

export async function deleteFactor(q: Queryable, customerId: string, id: string): Promise<boolean> {
  const { rowCount } = await q.query('delete from sca_factors where id = $1 and customer_id = $2', [
    id,
    customerId,
  ]);
  return rowCount === 1;
}
