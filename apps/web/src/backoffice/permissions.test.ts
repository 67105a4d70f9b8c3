import { describe, expect, it } from 'vitest';
import { roleCan } from './permissions.ts';

describe('back-office permissions (mirroring operators/role-matrix.test.ts)', () => {
  it('lets admin and compliance decide direct-debit claims, as identity changes; support does not see the queue', () => {
    expect(roleCan('admin', 'directDebitClaims')).toBe(true);
    expect(roleCan('compliance', 'directDebitClaims')).toBe(true);
    expect(roleCan('support', 'directDebitClaims')).toBe(false);
    expect(roleCan(null, 'directDebitClaims')).toBe(false);
    // The same roles as the identity-change decisions (« review »).
    for (const role of ['admin', 'compliance', 'support'] as const) {
      expect(roleCan(role, 'directDebitClaims')).toBe(roleCan(role, 'review'));
    }
  });
});
