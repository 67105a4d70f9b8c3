import { describe, expect, it } from 'vitest';
import { isAvailable } from '@comptoir/core/capabilities';
import { content, shown, type Quote } from './content.ts';
import { ARTICLES } from './content/blog.ts';
import { CLAIMS } from './content/claims.ts';
import { CONDITIONS } from './content/conditions.ts';
import { FAQ } from './content/faq.ts';
import { DEVELOPMENT_INSTITUTION } from './institution.ts';
import { institutionValues } from './site-context.tsx';
import { fill, m } from './strings.ts';

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
      quote('about-aggregation', { since: 'aggregation' }),
      quote('about-rib', { since: 'rib' }),
      quote('plain'),
    ];
    expect(isAvailable('aggregation')).toBe(false);
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

describe('the copy on how long a transfer takes', () => {
  const copy = JSON.stringify([FAQ, CLAIMS, CONDITIONS, ARTICLES]);

  it('promises no speed of its own: an instant transfer waits the server’s timeout, no more', () => {
    for (const promise of [/moins de \d+ secondes/, /en quelques secondes/, /arrive en quelques/]) {
      expect(copy).not.toMatch(promise);
    }
    expect(copy).toContain('{instantTimeout} secondes au plus');
  });

  it('quotes the timeout of the institution the page was served for', () => {
    const values = institutionValues({ ...DEVELOPMENT_INSTITUTION, instantTransferTimeoutSeconds: 26 });
    const answer = FAQ.flatMap((section) => section.items).find((item) =>
      item.q.startsWith('Combien de temps prend un virement'),
    );
    expect(answer && fill(answer.a, values)).toContain('26 secondes au plus');
  });
});

describe('the copy on direct debits', () => {
  const items = FAQ.flatMap((section) => section.items);
  const debitCopy = (value: unknown): string[] =>
    typeof value === 'string'
      ? /prélèvement/i.test(value)
        ? [value]
        : []
      : typeof value === 'object' && value !== null
        ? Object.values(value).flatMap(debitCopy)
        : [];

  it('is about a capability that is there, and no longer says « bientôt » of it', () => {
    expect(isAvailable('directDebits')).toBe(true);
    const copy = [...debitCopy(m), ...debitCopy(CLAIMS)];
    expect(copy.length).toBeGreaterThan(5);
    expect(copy.filter((text) => /bientôt/i.test(text))).toEqual([]);
  });

  it('answers in the FAQ how to refuse one, revoke a mandate and get a refund, with the rules the bank keeps', () => {
    const answer = (q: string) => {
      const item = items.find((i) => i.q === q);
      expect(item && 'since' in item && item.since, q).toBe('directDebits');
      return item?.a ?? '';
    };
    expect(answer('Comment refuser un prélèvement ?')).toContain('veille ouvrée');
    expect(answer('Comment révoquer un mandat de prélèvement ?')).toContain('rejetés');
    const refund = answer('Comment me faire rembourser un prélèvement ?');
    expect(refund).toContain('8 semaines');
    expect(refund).toContain('13 mois');
  });
});
