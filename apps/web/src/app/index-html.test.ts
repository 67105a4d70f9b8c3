import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { authRoutes } from '@comptoir/contracts';

const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');

describe('index.html', () => {
  it('asks for the session while the scripts download, at the path the contract declares', () => {
    const preloads = [...html.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin \/>/g)];
    expect(preloads.map((match) => match[1])).toEqual([authRoutes.getSession.path]);
  });
});
