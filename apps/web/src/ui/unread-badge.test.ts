import { describe, expect, it } from 'vitest';
import { unreadBadge } from './unread-badge.ts';

describe('the unread-count badge', () => {
  it('shows a count from 1 to 9 in full, in a circle', () => {
    expect(unreadBadge(1)).toEqual({ text: '1', circle: true });
    expect(unreadBadge(9)).toEqual({ text: '9', circle: true });
  });

  it('shows « 9+ » above 9, in a pill wide enough for both characters (never cut to « 9. »)', () => {
    expect(unreadBadge(10)).toEqual({ text: '9+', circle: false });
    expect(unreadBadge(250)).toEqual({ text: '9+', circle: false });
  });
});
