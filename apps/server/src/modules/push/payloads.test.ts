import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS, type AppNotification, type NotificationKind } from '@comptoir/contracts';
import { notificationPayloads } from './payloads.ts';

const notification = (kind: NotificationKind): AppNotification => ({
  id: '0b6a3c1e-4f0e-4a4b-9d8e-2f1c5b7a9e10',
  kind,
  amount: kind === 'message' ? null : 123456,
  counterparty: kind === 'message' ? null : 'Marie Curie',
  number: null,
  reason:
    kind.endsWith('rejected') || kind.endsWith('declined') || kind.endsWith('returned')
      ? 'Solde insuffisant'
      : null,
  createdAt: '2026-11-26T10:00:00.000Z',
  readAt: null,
});

/** Kinds whose news has no amount (a message, a decision on a claim, a document, an identity change). */
const WITHOUT_AMOUNT = new Set<NotificationKind>([
  'message',
  'direct_debit_claim_rejected',
  'document_requested',
  'document_accepted',
  'identity_change_accepted',
  'identity_change_rejected',
]);

describe('push messages of notifications', () => {
  it.each(NOTIFICATION_KINDS)(
    '%s: French text, an in-app path, its tag, and the amount only where asked for',
    (kind) => {
      const { withAmounts, withoutAmounts } = notificationPayloads(notification(kind));
      for (const p of [withAmounts, withoutAmounts]) {
        expect(p.title).not.toBe('');
        expect(p.body).not.toBe('');
        expect(p.url).toMatch(/^\/(notifications|carte|profil|virementshome(\/prelevements)?)$/);
        expect(p.tag).toBe('notification-0b6a3c1e-4f0e-4a4b-9d8e-2f1c5b7a9e10');
      }
      expect(JSON.stringify(withoutAmounts)).not.toMatch(/1\s?234|€/);
      if (!WITHOUT_AMOUNT.has(kind)) expect(withAmounts.body).toContain('1\u202f234,56\u00a0€');
    },
  );

  it('says what happened, with the counterparty and the reason of a refusal', () => {
    expect(notificationPayloads(notification('credit')).withoutAmounts).toMatchObject({
      title: 'Virement reçu',
      body: 'De Marie Curie',
      url: '/notifications',
    });
    // « de » elided before a vowel, with or without the amount.
    const fromVowel = { ...notification('direct_debit_refunded'), counterparty: 'Energie Verte' };
    expect(notificationPayloads(fromVowel).withAmounts.body).toBe('1\u202f234,56\u00a0€ d’Energie Verte');
    expect(notificationPayloads(fromVowel).withoutAmounts.body).toBe('D’Energie Verte');
    expect(notificationPayloads(notification('card_declined')).withAmounts).toMatchObject({
      title: 'Paiement par carte refusé',
      body: '1\u202f234,56\u00a0€ chez Marie Curie : Solde insuffisant',
      url: '/carte',
    });
    expect(notificationPayloads(notification('direct_debit_announced')).withoutAmounts).toMatchObject({
      title: 'Prélèvement annoncé',
      url: '/virementshome/prelevements',
    });
  });

  it('never puts an operator’s free note on a locked screen', () => {
    const refunded = { ...notification('direct_debit_refunded'), reason: 'Note interne : client appelé' };
    const rejected = {
      ...notification('direct_debit_claim_rejected'),
      reason: 'Note interne : mandat valide',
    };
    for (const n of [refunded, rejected]) {
      const { withAmounts, withoutAmounts } = notificationPayloads(n);
      expect(JSON.stringify([withAmounts, withoutAmounts])).not.toContain('Note interne');
    }
  });
});
