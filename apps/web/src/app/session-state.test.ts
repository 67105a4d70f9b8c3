import { describe, expect, it } from 'vitest';
import type { Me } from '@comptoir/contracts';
import { sessionStateOf } from './session-state.ts';

const me = (status: Me['status']) => ({ status }) as Me;

describe('sessionStateOf', () => {
  it('is signed out without a session', () => {
    expect(sessionStateOf(null)).toBe('signedOut');
  });

  it.each([
    ['active', 'active'],
    ['pending_email', 'pendingEmail'],
    ['pending_review', 'awaitingReview'],
    ['corrections_requested', 'awaitingReview'],
    ['rejected', 'awaitingReview'],
    ['closed', 'awaitingReview'],
  ] as const)('sends a %s customer to %s', (status, state) => {
    expect(sessionStateOf(me(status))).toBe(state);
  });
});
