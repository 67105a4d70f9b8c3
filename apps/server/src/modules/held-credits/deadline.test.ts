import { describe, expect, it } from 'vitest';
import { decisionDeadline, isOverdue } from './deadline.ts';

describe('the deadline to decide a held credit: three TARGET2 business days after the day it was held', () => {
  it.each([
    ['a Monday', '2026-11-30T10:00:00Z', '2026-12-03'],
    ['a Wednesday: Thursday, Friday, Monday', '2026-12-02T10:00:00Z', '2026-12-07'],
    [
      'a Saturday: counted from it like a settlement day, Monday to Wednesday',
      '2026-12-05T10:00:00Z',
      '2026-12-09',
    ],
    ['23 December: Christmas and Boxing Day are no business days', '2026-12-23T10:00:00Z', '2026-12-29'],
    ['late on Monday evening in Paris (23:30 UTC is already Tuesday)', '2026-11-30T23:30:00Z', '2026-12-04'],
  ])('held on %s → %s', (_label, heldAt, deadline) => {
    expect(decisionDeadline(new Date(heldAt))).toBe(deadline);
  });

  it.each([
    ['on the last day, late evening in Paris', '2026-12-03T22:59:00Z', false],
    ['the next day in Paris', '2026-12-03T23:00:00Z', true],
    ['the day before', '2026-12-02T12:00:00Z', false],
  ])('overdue %s: %s', (_label, now, overdue) => {
    expect(isOverdue('2026-12-03', new Date(now))).toBe(overdue);
  });
});
