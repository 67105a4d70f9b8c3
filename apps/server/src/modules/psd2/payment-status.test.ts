import { describe, expect, it } from 'vitest';
import { transactionStatus } from './payment-status.ts';

const now = new Date('2026-11-30T10:00:00Z');
const later = new Date('2026-11-30T10:15:00Z');
const earlier = new Date('2026-11-30T09:45:00Z');

describe('the status a TPP reads of the payment it initiated', () => {
  it.each([
    ['waiting for the customer', 'RCVD', 'received', later, null],
    ['the time to approve is over', 'RJCT', 'received', earlier, null],
    ['the time to approve ends this very instant', 'RJCT', 'received', now, null],
    ['refused by the customer', 'RJCT', 'rejected', later, null],
    ['cancelled by the TPP before approval', 'CANC', 'cancelled', later, null],
    ['approved, for a later day', 'ACTC', 'accepted', earlier, 'scheduled'],
    ['approved, reserved or on the instant rail', 'ACSP', 'accepted', earlier, 'pending'],
    ['booked on the customer’s account', 'ACSC', 'accepted', earlier, 'executed'],
    ['rejected by the payee’s bank', 'RJCT', 'accepted', earlier, 'rejected'],
    ['its day came without the funds', 'RJCT', 'accepted', earlier, 'skipped'],
    ['cancelled before it ran', 'CANC', 'accepted', earlier, 'cancelled'],
  ] as const)('%s → %s', (_case, expected, status, expiresAt, transfer) => {
    expect(transactionStatus({ status, expires_at: expiresAt }, transfer, now)).toBe(expected);
  });
});
