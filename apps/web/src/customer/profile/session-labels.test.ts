import { describe, expect, it } from 'vitest';
import { browserOnOs, timeAgo } from './session-labels.ts';

const now = new Date('2026-11-23T10:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();
/** Intl puts no-break spaces between number and unit: compare with plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('timeAgo', () => {
  it('says how long ago in short French words', () => {
    expect(plain(timeAgo(ago(3 * 60 + 20), now))).toBe('il y a 3 min');
    expect(plain(timeAgo(ago(2 * 3600 + 5), now))).toBe('il y a 2 h');
    expect(plain(timeAgo(ago(5 * 86_400), now))).toBe('il y a 5 j');
  });

  it('says now for under a minute, and for a time slightly ahead', () => {
    expect(plain(timeAgo(ago(20), now))).toBe('maintenant');
    expect(plain(timeAgo(ago(-5), now))).toBe('maintenant');
  });
});

describe('browserOnOs', () => {
  const join = (b: string, o: string) => `${b} sur ${o}`;
  it('joins what is known', () => {
    expect(browserOnOs({ browser: 'Firefox 128', os: 'Linux' }, join)).toBe('Firefox 128 sur Linux');
    expect(browserOnOs({ browser: 'Safari 17', os: null }, join)).toBe('Safari 17');
    expect(browserOnOs({ browser: null, os: null }, join)).toBeNull();
  });
});
