import type { Queryable } from '../../db/types.ts';
import { deletePendingTotp } from './factor-queries.ts';
import { dropRegistrationChallenges } from './session-challenge-queries.ts';

/** How long an authenticator app's enrolment waits for its first code. */
export const TOTP_ENROLMENT_SECONDS = 10 * 60;

/**
 * A factor was just added: every other enrolment in progress (an app waiting for its first code, a
 * passkey's registration options on any of the customer's sessions) is dropped, so one started
 * without strong authentication — when the customer had no factor — cannot be finished later,
 * once there is a factor it should have been approved with.
 */
export async function dropPendingEnrolments(q: Queryable, customerId: string): Promise<void> {
  await deletePendingTotp(q, customerId);
  await dropRegistrationChallenges(q, customerId);
}
