import type { CardEvent } from '@comptoir/contracts';
import { cents, formatEuros } from '@comptoir/core';

export type CardNotice =
  | {
      tone: 'info';
      key: 'cards.live.approved' | 'cards.live.refund';
      values: { amount: string; merchant: string };
    }
  | { tone: 'error'; message: string };

/**
 * What a live card event says, discreetly: an approval and a refund in the usual colour, a decline
 * in red with its reason (« Paiement refusé : plafond hebdomadaire atteint »). A clearing or an
 * expiry only refreshes the screens: the customer already heard of the payment at its approval.
 */
export function cardNotice(event: CardEvent): CardNotice | null {
  const { activity } = event;
  const values = { amount: formatEuros(cents(activity.amount)), merchant: activity.merchant };
  switch (activity.kind) {
    case 'authorized':
      return { tone: 'info', key: 'cards.live.approved', values };
    case 'refund':
      return { tone: 'info', key: 'cards.live.refund', values };
    case 'declined':
      return activity.reasonMessage ? { tone: 'error', message: activity.reasonMessage } : null;
    default:
      return null;
  }
}
