import { describe, expect, it } from 'vitest';
import type { CardAuthentication } from '@comptoir/contracts';
import {
  authenticationToShow,
  formatTimeLeft,
  secondsLeft,
  siteName,
  sortAuthentications,
  withAuthentication,
} from './card-authentication-view.ts';

const authentication = (
  id: string,
  status: CardAuthentication['status'],
  minute: number,
): CardAuthentication => ({
  id,
  cardId: 'card-1',
  last4: '4242',
  amount: 3_500,
  merchant: 'Librairie du Port',
  merchantUrl: null,
  status,
  createdAt: `2026-11-26T10:${String(minute).padStart(2, '0')}:00.000Z`,
  expiresAt: `2026-11-26T10:${String(minute + 10).padStart(2, '0')}:00.000Z`,
  decidedAt: null,
});

describe('the online payments to confirm', () => {
  it('lists the pending ones first, then the others, newest first in each group', () => {
    const sorted = sortAuthentications([
      authentication('old-approved', 'approved', 1),
      authentication('old-pending', 'pending', 2),
      authentication('new-refused', 'refused', 5),
      authentication('new-pending', 'pending', 4),
    ]);
    expect(sorted.map((a) => a.id)).toEqual(['new-pending', 'old-pending', 'new-refused', 'old-approved']);
  });

  it('takes a live event: a new one is added, a decided one replaces its pending self', () => {
    const list = { items: [authentication('a', 'pending', 1)] };
    const added = withAuthentication(list, authentication('b', 'pending', 3));
    expect(added.items.map((a) => a.id)).toEqual(['b', 'a']);
    const decided = withAuthentication(added, { ...authentication('b', 'approved', 3) });
    expect(decided.items.map((a) => [a.id, a.status])).toEqual([
      ['a', 'pending'],
      ['b', 'approved'],
    ]);
    expect(withAuthentication(undefined, authentication('c', 'pending', 1)).items).toHaveLength(1);
  });
});

describe('the time left', () => {
  it('counts whole seconds to the expiry, never below zero', () => {
    const now = new Date('2026-11-26T10:00:00.000Z').getTime();
    expect(secondsLeft('2026-11-26T10:10:00.000Z', now)).toBe(600);
    expect(secondsLeft('2026-11-26T10:00:00.900Z', now)).toBe(0);
    expect(secondsLeft('2026-11-26T09:59:00.000Z', now)).toBe(0);
  });

  it('reads in minutes and seconds', () => {
    expect(formatTimeLeft(600)).toBe('10 min 00 s');
    expect(formatTimeLeft(545)).toBe('9 min 05 s');
    expect(formatTimeLeft(45)).toBe('45 s');
    expect(formatTimeLeft(0)).toBe('0 s');
  });
});

describe('the one the dialog shows', () => {
  const items = sortAuthentications([
    authentication('done', 'approved', 1),
    authentication('first', 'pending', 2),
    authentication('second', 'pending', 4),
  ]);

  it('is the newest pending one the customer has not put aside', () => {
    expect(authenticationToShow(items, null, new Set())?.id).toBe('second');
    expect(authenticationToShow(items, null, new Set(['second']))?.id).toBe('first');
    expect(authenticationToShow(items, null, new Set(['first', 'second']))).toBeNull();
  });

  it('is the one a link asks for, even decided (its outcome is said), or the pending one if unknown', () => {
    expect(authenticationToShow(items, 'first', new Set())?.id).toBe('first');
    expect(authenticationToShow(items, 'done', new Set())?.id).toBe('done');
    expect(authenticationToShow(items, 'unknown', new Set())?.id).toBe('second');
  });
});

describe('the merchant’s site', () => {
  it('reads as its host name', () => {
    expect(siteName('https://www.librairie-du-port.fr/panier?x=1')).toBe('www.librairie-du-port.fr');
    expect(siteName(null)).toBeNull();
    expect(siteName('pas une adresse')).toBe('pas une adresse');
  });
});
