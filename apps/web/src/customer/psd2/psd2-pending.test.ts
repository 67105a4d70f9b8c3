import { describe, expect, it } from 'vitest';
import type { Psd2AuthorisationLiveEvent, Psd2PendingAuthorisation } from '@comptoir/contracts';
import {
  nextExpiry,
  openAuthorisations,
  pendingText,
  withoutAuthorisation,
  withPendingAuthorisation,
} from './psd2-pending.ts';

const TPP = { name: 'Budgetly', organisationId: 'PSDFR-ACPR-12345' };

const pending = (
  id: string,
  expiresAt: string,
  kind: 'consent' | 'payment' = 'payment',
): Psd2PendingAuthorisation => ({
  id,
  tpp: TPP,
  kind,
  amount: kind === 'payment' ? 1_200 : null,
  expiresAt,
});
const event = (
  item: Psd2PendingAuthorisation,
  status: Psd2AuthorisationLiveEvent['authorisation']['status'],
): Psd2AuthorisationLiveEvent['authorisation'] => ({ ...item, status });

const EARLY = pending('a', '2027-01-12T10:05:00.000Z');
const LATE = pending('b', '2027-01-12T10:15:00.000Z');

describe('the requests a third party asked the customer to decide in the app', () => {
  it('a request received takes its place, soonest to expire first, once', () => {
    expect(withPendingAuthorisation([LATE], event(EARLY, 'received'))).toEqual([EARLY, LATE]);
    expect(withPendingAuthorisation([EARLY, LATE], event(EARLY, 'received'))).toEqual([EARLY, LATE]);
    expect(withPendingAuthorisation(undefined, event(LATE, 'received'))).toEqual([LATE]);
  });

  it('a request decided, failed or expired leaves the list', () => {
    expect(withPendingAuthorisation([EARLY, LATE], event(EARLY, 'finalised'))).toEqual([LATE]);
    expect(withPendingAuthorisation([EARLY, LATE], event(LATE, 'failed'))).toEqual([EARLY]);
    expect(withoutAuthorisation([EARLY, LATE], 'a')).toEqual([LATE]);
  });

  it('a request past its expiry is no longer shown, and the banner is read again at the next one', () => {
    const now = new Date('2027-01-12T10:10:00.000Z').getTime();
    expect(openAuthorisations([EARLY, LATE], now)).toEqual([LATE]);
    expect(nextExpiry([LATE, EARLY])).toBe(new Date(EARLY.expiresAt).getTime());
    expect(nextExpiry([])).toBeNull();
  });

  it('says who asks for what: a payment with its amount, or an access to the accounts', () => {
    const payment = pendingText(EARLY);
    expect(payment.key).toBe('psd2.pending.payment');
    expect(payment.values).toEqual({
      tpp: 'Budgetly',
      amount: expect.stringMatching(/^12,00\s€$/) as string,
    });
    expect(pendingText(pending('c', EARLY.expiresAt, 'consent'))).toEqual({
      key: 'psd2.pending.consent',
      values: { tpp: 'Budgetly' },
    });
    expect(pendingText({ ...EARLY, amount: null })).toEqual({
      key: 'psd2.pending.paymentNoAmount',
      values: { tpp: 'Budgetly' },
    });
  });
});
