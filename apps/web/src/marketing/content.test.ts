import { describe, expect, it } from 'vitest';
import { isAvailable } from '@comptoir/core/capabilities';
import { content, shown, type Quote } from './content.ts';

const quote = (id: string, extra: Partial<Quote> = {}): Quote => ({
  id,
  text: 'x',
  author: 'A.',
  detail: 'd',
  sample: true,
  ...extra,
});

describe('shown quotes', () => {
  it('leave out a quote about a feature that is not there yet, keep the others', () => {
    const quotes = [
      quote('about-direct-debits', { since: 'directDebits' }),
      quote('about-rib', { since: 'rib' }),
      quote('plain'),
    ];
    expect(isAvailable('directDebits')).toBe(false);
    expect(shown(quotes, true).map((q) => q.id)).toEqual(['about-rib', 'plain']);
  });

  it('leave out samples outside sandbox mode', () => {
    expect(shown([quote('sample'), quote('real', { sample: false })], false).map((q) => q.id)).toEqual([
      'real',
    ]);
  });

  it('of the content module speak only of what exists today', () => {
    for (const q of [...shown(content.testimonials, true), ...shown(content.cardQuotes, true)]) {
      if (q.since) expect(isAvailable(q.since), q.id).toBe(true);
    }
    expect(shown(content.testimonials, true).length).toBeGreaterThan(0);
  });
});
