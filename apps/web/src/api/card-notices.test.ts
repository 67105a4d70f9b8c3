import { describe, expect, it } from 'vitest';
import { declineMessage, type CardActivity, type CardEvent } from '@comptoir/contracts';
import { cardNotice } from './card-notices.ts';

const event = (activity: Partial<CardActivity>): CardEvent => ({
  type: 'card',
  cardId: 'c1',
  activity: {
    id: 'a1',
    kind: 'authorized',
    amount: 1_250,
    merchant: 'Boulangerie Dupont',
    channel: 'in_store',
    reason: null,
    reasonMessage: null,
    at: '2026-11-22T10:00:00.000Z',
    ...activity,
  },
});

describe('live card notices', () => {
  it('announces an approval with its amount and merchant', () => {
    expect(cardNotice(event({}))).toEqual({
      tone: 'info',
      key: 'cards.live.approved',
      values: { amount: '12,50\u00a0€', merchant: 'Boulangerie Dupont' },
    });
  });

  it('announces a decline in red with its reason', () => {
    const message = declineMessage('weekly_limit');
    expect(cardNotice(event({ kind: 'declined', reason: 'weekly_limit', reasonMessage: message }))).toEqual({
      tone: 'error',
      message: 'Paiement refusé : plafond hebdomadaire atteint',
    });
  });

  it('announces a refund', () => {
    expect(cardNotice(event({ kind: 'refund', channel: null }))?.tone).toBe('info');
    expect(cardNotice(event({ kind: 'refund', channel: null }))).toMatchObject({ key: 'cards.live.refund' });
  });

  it('only refreshes for a clearing or an expiry', () => {
    expect(cardNotice(event({ kind: 'cleared' }))).toBeNull();
    expect(cardNotice(event({ kind: 'expired' }))).toBeNull();
  });
});
