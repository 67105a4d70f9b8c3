import type { Queryable } from '../../db/types.ts';

/** Keeps a WebAuthn challenge on the session (passkey registration, login's second step). */
export async function setSessionChallenge(
  q: Queryable,
  tokenHash: string,
  challenge: string,
  expiresAt: Date,
): Promise<void> {
  await q.query(
    `update customer_sessions set webauthn_challenge = $2, webauthn_challenge_expires_at = $3
      where token_hash = $1`,
    [tokenHash, challenge, expiresAt],
  );
}

/** Takes the session's unexpired WebAuthn challenge, once: it is emptied in the same statement. */
export async function takeSessionChallenge(
  q: Queryable,
  tokenHash: string,
  now: Date,
): Promise<string | null> {
  const { rows } = await q.query<{ challenge: string | null }>(
    `update customer_sessions s set webauthn_challenge = null, webauthn_challenge_expires_at = null
       from (select token_hash, webauthn_challenge, webauthn_challenge_expires_at from customer_sessions
              where token_hash = $1 for update) old
      where s.token_hash = old.token_hash
      returning case when old.webauthn_challenge_expires_at > $2 then old.webauthn_challenge end as challenge`,
    [tokenHash, now],
  );
  return rows[0]?.challenge ?? null;
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
