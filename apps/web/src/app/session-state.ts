import type { Me } from '@comptoir/contracts';

/** What the route guards care about, derived from `GET /api/me`. */
export type SessionState = 'signedOut' | 'pendingEmail' | 'awaitingReview' | 'active';

export function sessionStateOf(me: Me | null): SessionState {
  if (!me) return 'signedOut';
  switch (me.status) {
    case 'active':
      return 'active';
    case 'pending_email':
      return 'pendingEmail';
    // Under review, corrections asked, rejected or closed: the wait screen explains which.
    case 'pending_review':
    case 'corrections_requested':
    case 'rejected':
    case 'closed':
      return 'awaitingReview';
  }
}
