import { describe, expect, it } from 'vitest';
import { markShown, trackCreation, wasShown } from './transfer-notices.ts';

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
