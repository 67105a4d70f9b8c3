import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTALLABLE_APP } from '@comptoir/contracts';
import { theme } from '../app/theme.ts';
import { isSitePage, pwaOptions, THEME_COLOR } from './pwa-options.ts';

const ORIGIN = 'https://banque.exemple.test';

describe('the navigations the service worker handles', () => {
  // In the worker, `self` is the worker's global scope; here only its location is needed.
  const saved = (globalThis as { self?: unknown }).self;
  beforeAll(() => {
    (globalThis as { self?: unknown }).self = { location: new URL(ORIGIN) };
  });
  afterAll(() => {
    (globalThis as { self?: unknown }).self = saved;
  });

  const handles = (path: string, mode: RequestMode = 'navigate', origin = ORIGIN) =>
    isSitePage({ request: { mode } as Request, url: new URL(path, origin) });

  it('takes the pages of the site: the app, its sign-in, the public pages, an unknown path', () => {
    for (const path of [
      '/',
      '/connexion',
      '/profil',
      '/virementshome/ponctuel',
      '/faq',
      '/inconnue',
      '/apiculture',
    ])
      expect(handles(path), path).toBe(true);
  });

  it('leaves the API, /dev and the back office to the network, whatever the case or the slash', () => {
    const backoffice = INSTALLABLE_APP.backofficePlaceholder;
    for (const path of [
      '/api',
      '/api/accounts/1/statements/2026-01.pdf',
      '/API/me',
      '/dev/mailbox',
      backoffice,
      `${backoffice}/`,
      `${backoffice.toUpperCase()}/clients`,
    ])
      expect(handles(path), path).toBe(false);
  });

  it('leaves everything but navigations of this site alone', () => {
    expect(handles('/profil', 'cors')).toBe(false);
    expect(handles('/profil', 'no-cors')).toBe(false);
    expect(handles('/profil', 'navigate', 'https://ailleurs.exemple.test')).toBe(false);
  });
});

describe('the web app manifest', () => {
  const manifest = pwaOptions.manifest;
  if (!manifest) throw new Error('no manifest');

  it('speaks French and opens on the site, standalone', () => {
    expect(manifest).toMatchObject({
      name: 'Comptoir',
      short_name: 'Comptoir',
      lang: 'fr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
    expect(manifest.description).toMatch(/^[A-ZÀ-Ý].+\.$/);
  });

  it('takes its colours from the theme and index.html says the same', () => {
    expect(THEME_COLOR).toBe(theme.colors?.comptoir?.[8]);
    expect(manifest.theme_color).toBe(THEME_COLOR);
    const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
    expect(html).toContain(`<meta name="theme-color" content="${THEME_COLOR}" />`);
  });

  it('lists a 192 and a 512 icon, and a maskable 512', () => {
    expect(manifest.icons?.map((icon) => [icon.sizes, icon.purpose])).toEqual([
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]);
  });

  it('never caches at run time: navigations go to the network, with the offline page as the only fallback', () => {
    const runtime = pwaOptions.workbox?.runtimeCaching ?? [];
    expect(runtime.map((entry) => entry.handler)).toEqual(['NetworkOnly']);
    expect(runtime[0]?.options?.precacheFallback?.fallbackURL).toBe(INSTALLABLE_APP.offlinePage);
    expect(pwaOptions.workbox?.navigateFallback).toBeNull();
    expect(pwaOptions.registerType).toBe('prompt');
    expect(pwaOptions.workbox?.skipWaiting).toBe(false);
  });
});
