import { describe, expect, it } from 'vitest';
import { HELD_CREDIT_CUSTOMER_TEXT, type CustomerHeldCredit } from '@comptoir/contracts';
import copy from '../../i18n/fr/held-credits.json';
import { heldCreditItems } from './held-credit-items.ts';

const credit = (over: Partial<CustomerHeldCredit>): CustomerHeldCredit => ({
  id: '1',
  status: 'verifying',
  amount: 200_000,
  originatorName: 'Société Écran SARL',
  heldAt: '2026-12-01T09:00:00Z',
  decidedAt: null,
  ...over,
});
const NOW = new Date('2026-12-20T12:00:00Z');

describe('the dashboard’s held credits (docs/held-credits.md)', () => {
  it('shows those being verified, oldest first, then those returned, newest first; never a released one', () => {
    const items = heldCreditItems(
      [
        credit({ id: 'late', heldAt: '2026-12-18T09:00:00Z' }),
        credit({ id: 'released', status: 'released', decidedAt: '2026-12-19T09:00:00Z' }),
        credit({ id: 'returned-old', status: 'returned', decidedAt: '2026-12-02T09:00:00Z' }),
        credit({ id: 'early', heldAt: '2026-12-10T09:00:00Z' }),
        credit({ id: 'returned-new', status: 'returned', decidedAt: '2026-12-19T09:00:00Z' }),
      ],
      NOW,
    );
    expect(items.map((item) => item.id)).toEqual(['early', 'late', 'returned-new', 'returned-old']);
  });

  it('lets a returned credit go after 30 days', () => {
    const items = heldCreditItems(
      [
        credit({ id: 'in', status: 'returned', decidedAt: '2026-11-21T12:00:00Z' }),
        credit({ id: 'out', status: 'returned', decidedAt: '2026-11-20T11:59:00Z' }),
      ],
      NOW,
    );
    expect(items.map((item) => item.id)).toEqual(['in']);
  });

  it('never tells the customer of a rule, a case or a suspicion', () => {
    const words = [HELD_CREDIT_CUSTOMER_TEXT, ...Object.values(copy.heldCredits)].join(' ');
    expect(words).not.toMatch(/règle|surveillance|dossier|soupçon|suspicion|fraude|conformité/i);
    expect(copy.heldCredits.verifying).toContain('en cours de vérification');
    expect(copy.heldCredits.returned).toContain('retourné à l’émetteur');
  });
});
