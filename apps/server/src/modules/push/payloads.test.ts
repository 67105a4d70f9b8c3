import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS, type AppNotification, type NotificationKind } from '@comptoir/contracts';
import { notificationPayloads, psd2AuthorisationPayloads } from './payloads.ts';

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

describe('push messages of a third party’s request to decide in the app (PSD2, decoupled)', () => {
  const request = {
    id: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
    tpp: { name: 'Paie Malin', organisationId: 'PSDFR-ACPR-24680' },
    kind: 'payment' as const,
    amount: 1840,
    expiresAt: '2026-11-30T10:15:00.000Z',
    status: 'received' as const,
  };

  it('asks the customer to open the request, the amount only on a device that shows amounts', () => {
    const { withAmounts, withoutAmounts } = psd2AuthorisationPayloads(request);
    expect(withAmounts).toEqual({
      title: 'Autorisation demandée',
      body: 'Paie Malin vous demande d’autoriser un paiement de 18,40\u00a0€.',
      url: `/psd2/autorisation/${request.id}`,
      tag: `psd2-authorisation-${request.id}`,
    });
    expect(withoutAmounts.body).toBe('Paie Malin vous demande d’autoriser un paiement.');
    const consent = psd2AuthorisationPayloads({ ...request, kind: 'consent', amount: null });
    expect(consent.withAmounts.body).toBe('Paie Malin vous demande d’autoriser l’accès à vos comptes.');
  });

  it('replaces the request (same tag) once it is decided or has expired, pointing away from it', () => {
    for (const status of ['finalised', 'failed'] as const) {
      const { withAmounts } = psd2AuthorisationPayloads({ ...request, status });
      expect(withAmounts.tag).toBe(`psd2-authorisation-${request.id}`);
      expect(withAmounts.url).toBe('/profil');
      expect(withAmounts.title).not.toBe('Autorisation demandée');
    }
  });
});
