import { describe, expect, it } from 'vitest';
import { acceptableRedirectUri } from './redirect-uri.ts';

describe('a TPP’s redirect address', () => {
  it.each([
    ['https://tpp.example/cb?state=xyz', false, 'https://tpp.example/cb?state=xyz'],
    ['http://tpp.example/cb', false, null],
    ['http://tpp.example/cb', true, null],
    ['http://localhost:8080/cb?state=1', true, 'http://localhost:8080/cb?state=1'],
    ['http://localhost:8080/cb', false, null],
    ['javascript:alert(1)', true, null],
    ['https://user:pw@tpp.example/cb', false, null],
    ['/relative', true, null],
  ])('%s (sandbox %s) → %s', (raw, sandbox, expected) => {
    expect(acceptableRedirectUri(raw, sandbox)).toBe(expected);
  });

  it('is optional', () => {
    expect(acceptableRedirectUri(undefined, false)).toBeUndefined();
  });
});
