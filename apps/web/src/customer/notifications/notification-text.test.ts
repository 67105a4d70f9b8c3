import { describe, expect, it } from 'vitest';
import type { AppNotification } from '@comptoir/contracts';
import { i18n } from '../../i18n/i18n.ts';
import { notificationText } from './notification-text.ts';

const base: AppNotification = {
  id: 'n1',
  kind: 'credit',
  amount: 12_345,
  counterparty: 'Marie Curie',
  number: 'st-12345678',
  reason: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  readAt: null,
};

const say = (n: Partial<AppNotification>) => {
  const text = notificationText({ ...base, ...n });
  return { message: i18n.t(text.key, text.values).replace(/\u202f|\u00a0/g, ' '), text };
};

describe('notificationText', () => {
  it('says each kind in French with the amount in euros, and leads where it belongs', () => {
    expect(say({}).message).toBe('Virement reçu : + 123,45 € de Marie Curie');
    expect(say({ counterparty: null }).message).toBe('Virement reçu : + 123,45 €');
    expect(say({ counterparty: 'Agence Lumière' }).message).toBe(
      'Virement reçu : + 123,45 € d’Agence Lumière',
    );
    expect(say({ kind: 'card_payment', counterparty: 'Boulangerie Paul', amount: 250 }).message).toBe(
      'Paiement par carte : 2,50 € chez Boulangerie Paul',
    );
    expect(say({ kind: 'card_payment' }).text.link.to).toBe('/');
    expect(say({ kind: 'transfer_executed', counterparty: 'Hans Weber' }).message).toBe(
      'Virement effectué : 123,45 € à Hans Weber',
    );
    expect(say({ kind: 'message', amount: null, counterparty: null }).message).toBe(
      'Nouveau message de votre banque',
    );
    expect(say({ kind: 'message' }).text.link.to).toBe('/profil');
  });

  it('shows refusals in red with their reason', () => {
    const declined = say({ kind: 'card_declined', reason: 'Paiement refusé : plafond hebdomadaire atteint' });
    expect(declined.text).toMatchObject({
      tone: 'error',
      reason: 'Paiement refusé : plafond hebdomadaire atteint',
    });
    expect(declined.text.link.to).toBe('/carte');
    expect(i18n.t(declined.text.detail ?? 'notifications.detail.transfer', declined.text.values)).toBe(
      '123,45\u00a0€ chez Marie Curie',
    );
    const rejected = say({ kind: 'transfer_rejected', reason: 'Virement refusé (AC04)' });
    expect(rejected.text).toMatchObject({ tone: 'error', reason: 'Virement refusé (AC04)' });
    expect(rejected.message).toBe('Virement refusé : 123,45 € à Marie Curie');
    expect(say({ kind: 'transfer_executed' }).text.tone).toBe('info');
  });

  it('says a direct debit announced, and one returned in red with its reason, both leading to « Prélèvements »', () => {
    const announced = say({ kind: 'direct_debit_announced', counterparty: 'Energie Verte', number: null });
    expect(announced.message).toBe('Prélèvement annoncé : 123,45 € par Energie Verte');
    expect(announced.text).toMatchObject({
      tone: 'info',
      reason: null,
      link: { to: '/virementshome/prelevements', label: 'notifications.open.directDebits' },
    });
    const reason = 'Prélèvement rejeté : solde insuffisant (AM04).';
    const returned = say({ kind: 'direct_debit_returned', counterparty: 'Energie Verte', reason });
    expect(returned.message).toBe('Prélèvement rejeté : 123,45 € par Energie Verte');
    expect(returned.text).toMatchObject({
      tone: 'error',
      reason,
      link: { to: '/virementshome/prelevements' },
    });
    expect(i18n.t(returned.text.detail ?? 'notifications.detail.transfer', returned.text.values)).toBe(
      '123,45\u00a0€ par Energie Verte',
    );
    // A rejected claim's reason is read on « Prélèvements », under the collection.
    const rejected = say({
      kind: 'direct_debit_claim_rejected',
      counterparty: 'Energie Verte',
      reason: 'Mandat signé',
    });
    expect(rejected.text).toMatchObject({ tone: 'error', link: { to: '/virementshome/prelevements' } });
  });

  it('says a document asked for and one accepted, and an identity change accepted or refused with its reason', () => {
    const doc = { amount: null, counterparty: 'Justificatif d’origine des fonds', number: null };
    expect(say({ ...doc, kind: 'document_requested' }).message).toBe(
      'Document demandé : Justificatif d’origine des fonds',
    );
    expect(say({ ...doc, kind: 'document_accepted' }).message).toBe(
      'Document accepté : Justificatif d’origine des fonds',
    );
    const identity = { amount: null, counterparty: null, number: null };
    const accepted = say({ ...identity, kind: 'identity_change_accepted' });
    expect(accepted.message).toBe('Modification d’identité acceptée : votre profil est à jour');
    expect(accepted.text).toMatchObject({ tone: 'info', link: { to: '/profil' } });
    const refused = say({ ...identity, kind: 'identity_change_rejected', reason: 'Pièce illisible.' });
    expect(refused.text).toMatchObject({
      tone: 'error',
      reason: 'Pièce illisible.',
      link: { to: '/profil' },
    });
  });

  it('says the bank refunded a direct debit, « de » elided before the creditor’s vowel', () => {
    expect(say({ kind: 'direct_debit_refunded', counterparty: 'Energie Verte', amount: 8_940 }).message).toBe(
      'Prélèvement d’Energie Verte remboursé par votre banque : + 89,40 €',
    );
    expect(say({ kind: 'direct_debit_refunded', counterparty: 'Telecom Plus', amount: 1_999 }).message).toBe(
      'Prélèvement de Telecom Plus remboursé par votre banque : + 19,99 €',
    );
  });

  it('falls back on the number when a transfer’s details are gone', () => {
    expect(say({ kind: 'transfer_skipped', amount: null, counterparty: null }).message).toBe(
      'Virement st-12345678',
    );
  });
});
