import { describe, expect, it } from 'vitest';
import type { DirectDebitClaim, DirectDebitCollection } from '@comptoir/contracts';
import { i18n } from '../../i18n/i18n.ts';
import '../copy.ts';
import { mandateLimitsText, refundOrClaimText, rulesText } from './direct-debit-text.ts';

const t = i18n.t.bind(i18n);
const plain = (text: string) => text.replace(/\u202f|\u00a0/g, ' ');

const booked: DirectDebitCollection = {
  id: 'c1',
  accountId: 'a1',
  mandateId: 'm1',
  creditorId: 'FR72ZZZ123456',
  creditorName: 'Energie Verte',
  mandateReference: 'MANDAT-1',
  sequence: 'FRST',
  amount: 4_990,
  dueDate: '2026-11-02',
  remittanceInfo: 'Facture',
  status: 'booked',
  returnReason: null,
  returnMessage: null,
  refusableUntil: '2026-10-30',
  number: 'st-00000001',
  createdAt: '2026-10-20T08:00:00.000Z',
  settledAt: '2026-11-02T06:00:00.000Z',
  refundableUntil: '2026-12-28',
  refundedAt: null,
  refundNumber: null,
  claimableUntil: '2027-12-02',
  claim: null,
};

const claim = (status: DirectDebitClaim['status']): DirectDebitClaim => ({
  id: 'k1',
  collectionId: 'c1',
  status,
  reason: 'Je n’ai jamais signé ce mandat.',
  createdAt: '2026-11-10T08:00:00.000Z',
  decidedAt: null,
  decisionNote: null,
});

describe('the back office’s direct-debit words', () => {
  it('says a mandate’s limits, or « Aucune »', () => {
    expect(mandateLimitsText(t, { maxAmount: null, maxCount: null, period: null })).toBe('Aucune');
    expect(plain(mandateLimitsText(t, { maxAmount: 5_000, maxCount: 2, period: 'month' }))).toBe(
      '50,00 € au plus par prélèvement · 2 prélèvements par mois',
    );
    expect(mandateLimitsText(t, { maxAmount: null, maxCount: 1, period: 'year' })).toBe(
      '1 prélèvement par an',
    );
  });

  it('says whether a debited collection was refunded, is contested or may still be refunded', () => {
    expect(refundOrClaimText(t, booked)).toBe('Remboursable jusqu’au 28 décembre 2026');
    expect(refundOrClaimText(t, { ...booked, refundableUntil: null, claim: claim('pending') })).toBe(
      'Contestation en attente',
    );
    expect(
      refundOrClaimText(t, {
        ...booked,
        refundableUntil: null,
        refundedAt: '2026-11-20T10:00:00.000Z',
        claim: claim('accepted'),
      }),
    ).toBe('Remboursé le 20 novembre 2026 · Contestation acceptée');
    expect(
      refundOrClaimText(t, { ...booked, status: 'announced', refundableUntil: null, claimableUntil: null }),
    ).toBe('—');
  });

  it('says the customer’s rules, one sentence each', () => {
    expect(rulesText(t, { blockAll: false, allowedCreditorIds: [], blockedCreditorIds: [] })).toEqual([
      'Le client accepte les prélèvements.',
      'Aucune liste de créanciers autorisés : tous sont acceptés.',
      'Aucun créancier bloqué.',
    ]);
    expect(
      rulesText(t, {
        blockAll: true,
        allowedCreditorIds: ['FR72ZZZ123456'],
        blockedCreditorIds: ['DE98ZZZ09999999999', 'FR11ABC222222'],
      }),
    ).toEqual([
      'Le client refuse tous les prélèvements.',
      'Créanciers autorisés (les seuls acceptés) : FR72ZZZ123456',
      'Créanciers bloqués : DE98ZZZ09999999999, FR11ABC222222',
    ]);
  });
});
