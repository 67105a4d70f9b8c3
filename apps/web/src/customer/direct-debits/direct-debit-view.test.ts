import { describe, expect, it } from 'vitest';
import type { DirectDebitCollection, DirectDebitMandate } from '@comptoir/contracts';
import {
  canClaim,
  canRefund,
  canRefuse,
  collectionState,
  comingCollections,
  debitDay,
  instantDay,
  pastCollections,
  sortedMandates,
} from './direct-debit-view.ts';

const collection = (over: Partial<DirectDebitCollection> = {}): DirectDebitCollection => ({
  id: 'dd-1',
  accountId: '1',
  mandateId: 'm-1',
  creditorId: 'FR72ZZZ123456',
  creditorName: 'Energie Verte',
  mandateReference: 'RUM-1',
  sequence: 'FRST',
  amount: 8_940,
  dueDate: '2026-12-07',
  remittanceInfo: 'Facture',
  status: 'announced',
  returnReason: null,
  returnMessage: null,
  refusableUntil: '2026-12-04',
  number: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  settledAt: null,
  refundableUntil: null,
  refundedAt: null,
  refundNumber: null,
  claimableUntil: null,
  claim: null,
  ...over,
});

const booked = (over: Partial<DirectDebitCollection> = {}) =>
  collection({
    status: 'booked',
    number: 'st-1',
    settledAt: '2026-12-07T06:00:00.000Z',
    refundableUntil: '2027-02-01',
    claimableUntil: '2028-01-07',
    ...over,
  });

describe('the collections of « Prélèvements »', () => {
  it('lists the announced ones as coming, nearest first, and every other one as past, latest first', () => {
    const items = [
      collection({ id: 'late', dueDate: '2026-12-20' }),
      booked({ id: 'old', dueDate: '2026-10-05' }),
      collection({ id: 'soon', dueDate: '2026-12-01' }),
      collection({ id: 'refused', status: 'refused', dueDate: '2026-12-10' }),
      collection({ id: 'returned', status: 'returned', returnReason: 'AM04', dueDate: '2026-11-02' }),
    ];
    expect(comingCollections(items).map((c) => c.id)).toEqual(['soon', 'late']);
    expect(pastCollections(items).map((c) => c.id)).toEqual(['refused', 'returned', 'old']);
  });

  it('allows a refusal until the end of the last day, then no more; never once refused or settled', () => {
    expect(canRefuse(collection(), '2026-12-03')).toBe(true);
    expect(canRefuse(collection(), '2026-12-04')).toBe(true);
    expect(canRefuse(collection(), '2026-12-05')).toBe(false);
    expect(canRefuse(collection({ status: 'refused' }), '2026-12-01')).toBe(false);
    expect(canRefuse(booked(), '2026-12-01')).toBe(false);
  });

  it('offers the refund while the server gives its last day, and not once refunded', () => {
    expect(canRefund(booked())).toBe(true);
    expect(canRefund(booked({ refundableUntil: null }))).toBe(false);
    expect(canRefund(booked({ refundedAt: '2026-12-08T09:00:00.000Z' }))).toBe(false);
    expect(canRefund(collection({ status: 'returned', refundableUntil: '2027-02-01' }))).toBe(false);
  });

  it('offers a claim while the server gives its last day, once only', () => {
    expect(canClaim(booked())).toBe(true);
    expect(canClaim(booked({ claimableUntil: null }))).toBe(false);
    const claim = {
      id: 'c-1',
      collectionId: 'dd-1',
      status: 'pending' as const,
      reason: 'Jamais signé',
      createdAt: '2026-12-08T09:00:00.000Z',
      decidedAt: null,
      decisionNote: null,
    };
    expect(canClaim(booked({ claim }))).toBe(false);
    expect(canClaim(booked({ refundedAt: '2026-12-08T09:00:00.000Z' }))).toBe(false);
  });

  it('reads a refunded collection as refunded, whatever its booking', () => {
    expect(collectionState(booked())).toBe('booked');
    expect(collectionState(booked({ refundedAt: '2026-12-08T09:00:00.000Z' }))).toBe('refunded');
    expect(collectionState(collection({ status: 'returned' }))).toBe('returned');
  });
});

describe('the mandates of « Prélèvements »', () => {
  const mandate = (
    id: string,
    status: DirectDebitMandate['status'],
    createdAt: string,
  ): DirectDebitMandate => ({
    id,
    accountId: '1',
    creditorId: 'FR72ZZZ123456',
    creditorName: 'Energie Verte',
    reference: id,
    signedOn: '2026-01-15',
    status,
    revokedAt: null,
    limits: { maxAmount: null, maxCount: null, period: null },
    createdAt,
    lastCollectionAt: null,
  });

  it('puts the mandates in force first, newest first', () => {
    const sorted = sortedMandates([
      mandate('revoked', 'revoked', '2026-11-03T00:00:00Z'),
      mandate('old', 'active', '2026-10-01T00:00:00Z'),
      mandate('new', 'active', '2026-11-01T00:00:00Z'),
      mandate('ended', 'ended', '2026-11-05T00:00:00Z'),
    ]);
    expect(sorted.map((m) => m.id)).toEqual(['new', 'old', 'ended', 'revoked']);
  });
});

describe('the dates of « Prélèvements »', () => {
  it('gives an instant its Paris day', () => {
    expect(instantDay('2026-12-06T23:30:00.000Z')).toBe('7 décembre 2026');
    expect(instantDay('2026-07-01T21:59:00.000Z')).toBe('1er juillet 2026');
    expect(instantDay('nonsense')).toBe('');
  });

  it('dates a debit on the day it was booked, which a presented collection makes earlier than its due date', () => {
    expect(debitDay(booked({ dueDate: '2026-12-07', settledAt: '2026-11-26T12:00:00.000Z' }))).toBe(
      '26 novembre 2026',
    );
    expect(debitDay(collection({ dueDate: '2026-12-07' }))).toBe('7 décembre 2026');
  });
});
