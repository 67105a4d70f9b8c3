import { describe, expect, it } from 'vitest';
import { MARKETING_ROUTES, normalisePath, pathOf, SIGN_IN_PATH, SIGN_UP_PATH } from '../marketing/routes.ts';
import { paths } from './paths.ts';

describe('paths', () => {
  it('spells every path canonically: lower case, no trailing slash, each once', () => {
    const all = Object.values(paths);
    expect(new Set(all).size).toBe(all.length);
    for (const path of all) expect(path).toBe(normalisePath(path));
  });

  it('agrees with the marketing site on the sign-up, sign-in and privacy pages', () => {
    expect(SIGN_UP_PATH).toBe(paths.signUp);
    expect(SIGN_IN_PATH).toBe(paths.login);
    expect(pathOf('privacy')).toBe(paths.privacy);
  });

  it('names no signed-in screen after a public page: the site’s /prelevements is not « Prélèvements »', () => {
    const site = new Set(MARKETING_ROUTES.map((route) => route.path));
    const shared = new Set<string>([paths.home, paths.privacy]);
    expect(Object.values(paths).filter((path) => site.has(path) && !shared.has(path))).toEqual([]);
    expect(paths.directDebits).toBe('/virementshome/prelevements');
  });
});
