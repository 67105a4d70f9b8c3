import { isUuid } from '@comptoir/core';
import type { Queryable } from '../../db/types.ts';
import type { CanonicalDetails } from './details.ts';

export interface ChallengeRow {
  id: string;
  customer_id: string;
  action: string;
  details: CanonicalDetails;
  details_hash: string;
  nonce: string;
  created_at: Date;
  expires_at: Date;
  attempts: number;
  verified_at: Date | null;
}

const COLUMNS =
  'id, customer_id, action, details, details_hash, nonce, created_at, expires_at, attempts, verified_at';

export async function insertChallenge(
  q: Queryable,
  input: {
    customerId: string;
    action: string;
    details: CanonicalDetails;
    detailsHash: string;
    nonce: string;
    now: Date;
    expiresAt: Date;
  },
): Promise<ChallengeRow> {
  const { rows } = await q.query<ChallengeRow>(
    `insert into sca_challenges (customer_id, action, details, details_hash, nonce, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7) returning ${COLUMNS}`,
    [
      input.customerId,
      input.action,
      JSON.stringify(input.details),
      input.detailsHash,
      input.nonce,
      input.now,
      input.expiresAt,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('challenge not inserted');
  return row;
}

/** One of this customer's challenges, locked for its verification; another customer's is unknown. */
export async function challengeForUpdate(
  q: Queryable,
  customerId: string,
  id: string,
): Promise<ChallengeRow | null> {
  if (!isUuid(id)) return null;
  const { rows } = await q.query<ChallengeRow>(
    `select ${COLUMNS} from sca_challenges where id = $1 and customer_id = $2 for update`,
    [id, customerId],
  );
  return rows[0] ?? null;
}

/** Counts one wrong proof on a challenge. */
export async function countChallengeAttempt(q: Queryable, id: string): Promise<void> {
  await q.query('update sca_challenges set attempts = attempts + 1 where id = $1', [id]);
}
