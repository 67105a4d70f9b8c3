import { describe, expect, it } from 'vitest';
import type { TransferEvent } from '@comptoir/contracts';
import { markShown, trackCreation, transferNotice, wasShown } from './transfer-notices.ts';

const event = (status: TransferEvent['status'], reasonMessage: string | null = null): TransferEvent => ({
  type: 'transfer',
  transferId: 't-1',
  number: 'st-12345678',
  status,
  reasonMessage,
});

describe('transferNotice', () => {
  it('says a rejection with its reason, an execution and a skipped repetition', () => {
    const reason = 'Virement refusé : le compte du bénéficiaire est clôturé (AC04)';
    expect(transferNotice(event('rejected', reason), false)).toEqual({
      tone: 'error',
      key: 'transfers.live.rejected',
      values: { number: 'st-12345678', reason },
    });
    expect(transferNotice(event('executed'), false)).toMatchObject({
      tone: 'info',
      key: 'transfers.live.executed',
    });
    expect(transferNotice(event('skipped'), false)).toMatchObject({ key: 'transfers.live.skipped' });
  });

  it('does not repeat what the screen showed, and says nothing of other statuses', () => {
    expect(transferNotice(event('rejected', 'x'), true)).toBeNull();
    expect(transferNotice(event('executed'), true)).toBeNull();
    for (const status of ['pending', 'scheduled', 'cancelled'] as const) {
      expect(transferNotice(event(status), false)).toBeNull();
    }
  });
});

describe('wasShown', () => {
  it('waits for a creation under way before answering', async () => {
    let answer: (value: string) => void = () => undefined;
    const request = trackCreation(new Promise<string>((resolve) => (answer = resolve)));
    const shown = wasShown('st-87654321');
    // The answer arrives after the event: the screen shows it, so the event stays quiet.
    void request.then((number) => markShown(number));
    answer('st-87654321');
    expect(await shown).toBe(true);
    expect(await wasShown('st-00000000')).toBe(false);
  });
});
