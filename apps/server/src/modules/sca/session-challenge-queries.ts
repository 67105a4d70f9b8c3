import type { Queryable } from '../../db/types.ts';

/**
 * Keeps a WebAuthn challenge on the session (passkey registration, or the login's second step), and
 * whether a registration was approved with an existing factor (`registrationApproved`).
 */
export async function setSessionChallenge(
  q: Queryable,
  tokenHash: string,
  challenge: string,
  expiresAt: Date,
  registrationApproved = false,
): Promise<void> {
  await q.query(
    `update customer_sessions set webauthn_challenge = $2, webauthn_challenge_expires_at = $3,
            webauthn_registration_approved = $4
      where token_hash = $1`,
    [tokenHash, challenge, expiresAt, registrationApproved],
  );
}

/**
 * Takes the session's unexpired WebAuthn challenge, once: it is emptied in the same statement. Null
 * when there is none (never set, used, expired, or dropped because a factor was added meanwhile).
 */
export async function takeSessionChallenge(
  q: Queryable,
  tokenHash: string,
  now: Date,
): Promise<{ challenge: string; registrationApproved: boolean } | null> {
  const { rows } = await q.query<{ challenge: string | null; approved: boolean }>(
    `update customer_sessions s set webauthn_challenge = null, webauthn_challenge_expires_at = null,
            webauthn_registration_approved = false
       from (select token_hash, webauthn_challenge, webauthn_challenge_expires_at, webauthn_registration_approved
               from customer_sessions where token_hash = $1 for update) old
      where s.token_hash = old.token_hash
      returning case when old.webauthn_challenge_expires_at > $2 then old.webauthn_challenge end as challenge,
                old.webauthn_registration_approved as approved`,
    [tokenHash, now],
  );
  const row = rows[0];
  return row?.challenge ? { challenge: row.challenge, registrationApproved: row.approved } : null;
}

/**
 * Drops the passkey registrations waiting on the customer's signed-in sessions (a factor was just
 * added). Sessions still waiting for their second factor keep their login challenge.
 */
export async function dropRegistrationChallenges(q: Queryable, customerId: string): Promise<void> {
  await q.query(
    `update customer_sessions set webauthn_challenge = null, webauthn_challenge_expires_at = null,
            webauthn_registration_approved = false
      where customer_id = $1 and stage = 'active' and webauthn_challenge is not null`,
    [customerId],
  );
}

/** The session's unexpired WebAuthn challenge, left in place (the login's second step). */
export async function sessionChallenge(q: Queryable, tokenHash: string, now: Date): Promise<string | null> {
  const { rows } = await q.query<{ webauthn_challenge: string | null }>(
    `select webauthn_challenge from customer_sessions
      where token_hash = $1 and webauthn_challenge_expires_at > $2`,
    [tokenHash, now],
  );
  return rows[0]?.webauthn_challenge ?? null;
}
