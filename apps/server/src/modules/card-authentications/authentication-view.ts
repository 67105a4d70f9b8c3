import type {
  CardAuthentication,
  CardAuthenticationStatus,
  ThreeDsAuthenticationStatus,
} from '@comptoir/contracts';
import { toJsonCents } from '@comptoir/core';
import type { AuthenticationRow } from './queries.ts';

/** A challenge past its 10 minutes is expired, whether or not the expiry job has marked it yet. */
export const isPendingAt = (row: Pick<AuthenticationRow, 'status' | 'expires_at'>, now: Date): boolean =>
  row.status === 'pending' && row.expires_at.getTime() > now.getTime();

function customerStatus(row: AuthenticationRow, now: Date): CardAuthenticationStatus {
  if (row.status === 'pending') return isPendingAt(row, now) ? 'pending' : 'expired';
  if (row.status === 'rejected') throw new Error('a rejected authentication is never shown to a customer');
  return row.status;
}

/** The one mapping of an authentication to what the customer sees (`CardAuthentication`). */
export function toCardAuthentication(row: AuthenticationRow, now: Date): CardAuthentication {
  if (!row.card_id || !row.last4) throw new Error('an authentication shown to a customer has a card');
  return {
    id: row.id,
    cardId: row.card_id,
    last4: row.last4,
    amount: toJsonCents(row.amount),
    merchant: row.merchant,
    merchantUrl: row.merchant_url,
    status: customerStatus(row, now),
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
  };
}

/**
 * Where an authentication stands for the merchant: pending (waiting for the customer), authenticated
 * (approved or exempted, and its value not yet past its validity unused), rejected (at once, with its
 * reason, or refused by the customer) or expired (unanswered within 10 minutes, or authenticated but
 * its value left unused past its validity).
 */
export function merchantStatus(row: AuthenticationRow, now: Date): ThreeDsAuthenticationStatus['status'] {
  switch (row.status) {
    case 'pending':
      return isPendingAt(row, now) ? 'pending' : 'expired';
    case 'approved':
    case 'exempted':
      return row.used_at === null && row.value_expires_at !== null && row.value_expires_at <= now
        ? 'expired'
        : 'authenticated';
    case 'refused':
    case 'rejected':
      return 'rejected';
    case 'expired':
      return 'expired';
  }
}
