import { describe, expect, it } from 'vitest';
import { accountScopes } from './consent-scope.ts';

const A = 'FR7630006000011234567890189';
const B = 'LU280019400644750000';

describe('which services a consent covers on one account', () => {
  const named = {
    scopes: ['accounts', 'balances', 'transactions'] as const,
    scope_ibans: { balances: [A], transactions: [B] },
  };

  it.each([
    [A, ['accounts', 'balances']],
    [B, ['accounts', 'transactions']],
    ['DE89370400440532013000', ['accounts']],
  ])('a consent naming its accounts: %s gets %j', (iban, expected) => {
    expect(accountScopes({ ...named, scopes: [...named.scopes] }, iban)).toEqual(expected);
  });

  it('a consent for every account covers its services on each', () => {
    expect(accountScopes({ scopes: ['accounts', 'balances', 'transactions'], scope_ibans: null }, A)).toEqual(
      ['accounts', 'balances', 'transactions'],
    );
    expect(accountScopes({ scopes: ['accounts'], scope_ibans: null }, A)).toEqual(['accounts']);
  });
});
