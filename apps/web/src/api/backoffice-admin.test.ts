import { describe, expect, it } from 'vitest';
import { localDayBound } from './backoffice-admin.ts';

describe('localDayBound', () => {
  it('turns a picked day into its first and last instant in local time', () => {
    const from = new Date(localDayBound('2026-03-29', 'from')!);
    const to = new Date(localDayBound('2026-03-29', 'to')!);
    expect([from.getFullYear(), from.getMonth(), from.getDate(), from.getHours(), from.getMinutes()]).toEqual(
      [2026, 2, 29, 0, 0],
    );
    expect([to.getDate(), to.getHours(), to.getMinutes(), to.getSeconds(), to.getMilliseconds()]).toEqual([
      29, 23, 59, 59, 999,
    ]);
  });

  it('leaves anything else to the server (which answers 400 in French)', () => {
    expect(localDayBound('hier', 'from')).toBeNull();
    expect(localDayBound('2026-02-30', 'to')).toBeNull();
  });
});
