import { describe, expect, it } from 'vitest';
import type { Card } from '@comptoir/contracts';
import { cardsToShow, euroCents, limitEuros, limitsRequest, secondsLeft } from './card-view.ts';

const card = (over: Partial<Card>): Card => ({
  id: 'c1',
  status: 'active',
  locked: false,
  last4: '1234',
  holderFirstName: 'Louise',
  holderLastName: 'Girard',
  validFrom: '11/26',
  expiresEnd: '11/29',
  accountId: 'a1',
  weeklyLimit: 4_000,
  monthlyLimit: 4_000,
  weeklySpent: 0,
  monthlySpent: 0,
  channels: { online: true, inStore: true, atm: true, recurring: true },
  createdAt: '2026-11-22T10:00:00.000Z',
  cancelledAt: null,
  ...over,
});

describe('card screen helpers', () => {
  it('works on the active card, else shows the latest one', () => {
    const cancelled = card({ id: 'old', status: 'cancelled' });
    const active = card({ id: 'new' });
    expect(cardsToShow([active, cancelled])).toEqual({ active, shown: active });
    expect(cardsToShow([cancelled])).toEqual({ active: null, shown: cancelled });
    expect(cardsToShow([])).toEqual({ active: null, shown: null });
  });

  it('turns cents into whole euros for a slider and back, without fractions', () => {
    expect(limitEuros(4_000)).toBe(40);
    expect(limitEuros(1_250)).toBe(12);
    expect(limitEuros(500_000)).toBe(5_000);
    expect(euroCents(40)).toBe(4_000);
    expect(euroCents(10_000)).toBe(1_000_000);
  });

  it('saves both limits and every channel, one of them changed', () => {
    const c = card({ weeklyLimit: 4_000, monthlyLimit: 9_000 });
    expect(limitsRequest(c, { weeklyLimit: 5_000 })).toEqual({
      weeklyLimit: 5_000,
      monthlyLimit: 9_000,
      channels: { online: true, inStore: true, atm: true, recurring: true },
    });
    expect(limitsRequest(c, { channels: { ...c.channels, atm: false } }).channels).toEqual({
      online: true,
      inStore: true,
      atm: false,
      recurring: true,
    });
  });

  it('saves the « Paiements récurrents » switch with the other channels, and keeps it when another one changes', () => {
    const c = card({ channels: { online: true, inStore: true, atm: true, recurring: false } });
    expect(limitsRequest(c, { channels: { ...c.channels, recurring: true } }).channels).toEqual({
      online: true,
      inStore: true,
      atm: true,
      recurring: true,
    });
    expect(limitsRequest(c, { channels: { ...c.channels, online: false } }).channels.recurring).toBe(false);
  });

  it('counts down whole seconds to the hiding time', () => {
    expect(secondsLeft(60_000, 0)).toBe(60);
    expect(secondsLeft(60_000, 1_000)).toBe(59);
    expect(secondsLeft(60_000, 59_001)).toBe(1);
    expect(secondsLeft(60_000, 61_000)).toBe(0);
  });
});
