import {
  declineMessage,
  type CardActivity,
  type CardChannel,
  type CardDeclineReason,
} from '@comptoir/contracts';
import { toJsonCents, type Cents } from '@comptoir/core';

/** A row of card_authorizations as the activity list and the live events read it. */
export interface AuthorizationRow {
  id: string;
  card_id: string | null;
  customer_id: string | null;
  amount: Cents;
  merchant: string;
  channel: CardChannel;
  status: 'declined' | 'authorized' | 'cleared' | 'expired';
  reason: CardDeclineReason | null;
  cleared_amount: Cents | null;
  created_at: Date;
  cleared_at: Date | null;
  expired_at: Date | null;
}

export interface RefundRow {
  id: string;
  card_id: string;
  amount: Cents;
  merchant: string;
  created_at: Date;
}

/**
 * An authorisation as the customer sees it: dated when the payment was made, whatever became of it
 * (the time its operation shows); a cleared one shows its cleared amount and, apart, when it was
 * booked.
 */
export function authorizationActivity(row: AuthorizationRow): CardActivity {
  const kind = row.status === 'declined' ? 'declined' : row.status;
  return {
    id: row.id,
    kind,
    amount: toJsonCents(
      row.status === 'cleared' && row.cleared_amount !== null ? row.cleared_amount : row.amount,
    ),
    merchant: row.merchant,
    channel: row.channel,
    reason: row.reason,
    reasonMessage: row.reason ? declineMessage(row.reason) : null,
    at: row.created_at.toISOString(),
    clearedAt: row.status === 'cleared' && row.cleared_at ? row.cleared_at.toISOString() : null,
  };
}

export const refundActivity = (row: RefundRow): CardActivity => ({
  id: row.id,
  kind: 'refund',
  amount: toJsonCents(row.amount),
  merchant: row.merchant,
  channel: null,
  reason: null,
  reasonMessage: null,
  at: row.created_at.toISOString(),
  clearedAt: null,
});
