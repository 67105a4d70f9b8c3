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

/** An authorisation as the customer sees it: a cleared one shows its cleared amount and time. */
export function authorizationActivity(row: AuthorizationRow): CardActivity {
  const kind = row.status === 'declined' ? 'declined' : row.status;
  const at =
    row.status === 'cleared' && row.cleared_at
      ? row.cleared_at
      : row.status === 'expired' && row.expired_at
        ? row.expired_at
        : row.created_at;
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
    at: at.toISOString(),
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
});
