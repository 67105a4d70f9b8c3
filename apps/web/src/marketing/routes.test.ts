import { describe, expect, it } from 'vitest';
import { MARKETING_ROUTES, marketingRoute, normalisePath, pathOf, routeOrHome } from './routes.ts';

describe('marketing routes', () => {
  it.each([
    ['/FAQ/', '/faq'],
    ['/Contact', '/contact'],
    ['/', '/'],
    ['//', '/'],
    ['', '/'],
    ['/Politiques-De-Confidentialite///', '/politiques-de-confidentialite'],
  ])('normalises %j to %j (case-insensitive, no trailing slash)', (path, normal) => {
    expect(normalisePath(path)).toBe(normal);
  });

  it('finds a page whatever the spelling, and nothing for a path that is not a marketing page', () => {
    expect(marketingRoute('/VIREMENTS/')?.page).toBe('virements');
    expect(marketingRoute('/connexion')).toBeNull();
    expect(marketingRoute('/faq/extra')).toBeNull();
  });

  it('shows home for an unknown path (docs/product/paths.md#signed-out)', () => {
    expect(routeOrHome('/nulle-part').page).toBe('home');
    expect(routeOrHome('/Blog').page).toBe('blog');
  });

  it('has one lower-case path per page, and pathOf finds each', () => {
    const paths = MARKETING_ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const route of MARKETING_ROUTES) {
      expect(route.path).toBe(normalisePath(route.path));
      expect(pathOf(route.page)).toBe(route.path);
    }
  });
});
