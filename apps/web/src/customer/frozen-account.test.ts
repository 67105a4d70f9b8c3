import { describe, expect, it } from 'vitest';
import { ACCOUNT_FROZEN_MESSAGE, type Account } from '@comptoir/contracts';
import fr from '../i18n/fr.json';
import { fundsFrozen } from './frozen-account.ts';

const account = (over: Partial<Account>): Account => ({
  id: '1',
  iban: 'LU280019400644750000',
  bic: 'CPTRLULL',
  name: 'Compte principal',
  type: 'individual',
  kind: 'main',
  bookedBalance: 2_000,
  availableBalance: 2_000,
  openedAt: '2026-01-05T09:00:00Z',
  goal: null,
  frozen: false,
  ...over,
});

describe('the dashboard’s freeze banner (docs/screening.md#freezing-in-the-payment-paths)', () => {
  it('shows while the server answers the accounts frozen, and not before they are loaded', () => {
    expect(fundsFrozen(undefined)).toBe(false);
    expect(fundsFrozen([account({})])).toBe(false);
    expect(fundsFrozen([account({ frozen: true }), account({ id: '2', kind: 'sub', frozen: true })])).toBe(
      true,
    );
  });

  it('reads the neutral words of every refused payment, naming no list', () => {
    expect(fr.dashboard.frozen).toBe(ACCOUNT_FROZEN_MESSAGE);
    expect(fr.dashboard.frozen).not.toMatch(/sanction|liste|règlement|criblage/i);
  });
});
