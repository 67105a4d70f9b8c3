import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTALLABLE_APP } from '@comptoir/contracts';
import { makeTestContext, type TestContext } from '../testing/test-context.ts';
import { CUSTOMER_COOKIE } from './cookies.ts';
import { serviceWorkerSource } from './installable-app.ts';

const DIST = join(dirname(fileURLToPath(import.meta.url)), '../../../web/dist');
const built = existsSync(join(DIST, 'sw.js')) && existsSync(join(DIST, 'prerendered', 'manifest.json'));

describe('serviceWorkerSource', () => {
  it('puts the back office path, in lower case, wherever the placeholder is', () => {
    const built = `const a="${INSTALLABLE_APP.backofficePlaceholder}";b(\`\${"${INSTALLABLE_APP.backofficePlaceholder}"}/\`)`;
    const source = serviceWorkerSource(built, '/Bureau-Arriere_2');
    expect(source).toBe('const a="/bureau-arriere_2";b(`${"/bureau-arriere_2"}/`)');
  });

  it('refuses a worker without the placeholder and a path that could break out of a string', () => {
    expect(() => serviceWorkerSource('self.addEventListener("fetch",f)', '/x')).toThrow(/does not name/);
    expect(() => serviceWorkerSource(INSTALLABLE_APP.backofficePlaceholder, '/a"+alert(1)+"')).toThrow(
      /unexpected back office path/,
    );
  });
});

// Needs the built web app (`npm test` builds it first).
describe.skipIf(!built)('serving the installable app', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await makeTestContext({ backofficePath: '/Guichet-Interne' });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('serves sw.js as a script, never cached without asking, naming the configured back office', async () => {
    const res = await get(INSTALLABLE_APP.serviceWorker);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('"/guichet-interne"');
    expect(res.body).not.toContain(INSTALLABLE_APP.backofficePlaceholder);
    // The build's own copy keeps the placeholder: the server fills it.
    expect(readFileSync(join(DIST, 'sw.js'), 'utf8')).toContain(INSTALLABLE_APP.backofficePlaceholder);

    const br = await get(INSTALLABLE_APP.serviceWorker, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(res.body);
    const again = await get(INSTALLABLE_APP.serviceWorker, { 'if-none-match': String(res.headers['etag']) });
    expect(again.statusCode).toBe(304);
  });

  it('precaches static files only: no page, no API, no back office', () => {
    const source = readFileSync(join(DIST, 'sw.js'), 'utf8');
    const urls = [...source.matchAll(/\{url:"([^"]+)",revision:/g)].map((m) => m[1] ?? '');
    expect(urls.length).toBeGreaterThan(10);
    expect(urls).toContain('offline.html');
    expect(urls).toContain('icons/icon-512.png');
    for (const url of urls) {
      expect(url).toMatch(
        /^(assets\/[\w.-]+\.(js|css|woff2?)|icons\/[\w-]+\.png|favicon\.svg|offline\.(html|js)|manifest\.webmanifest)$/,
      );
      expect(url).not.toMatch(/^(api|dev)\//);
      expect(url).not.toMatch(/backoffice|index\.html|marketing\.html/);
    }
    // No cache but the precache: nothing fetched at run time is ever stored.
    expect(source).not.toMatch(/CacheFirst|StaleWhileRevalidate|NetworkFirst|cacheName:"(?!.*precache)/);
  });

  it('serves the manifest as application/manifest+json, with the icons it lists', async () => {
    const res = await get(INSTALLABLE_APP.manifest);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const manifest = res.json<{ icons: { src: string; sizes: string; purpose: string }[]; lang: string }>();
    expect(manifest.lang).toBe('fr');
    for (const icon of manifest.icons) {
      const png = await get(icon.src);
      expect(png.statusCode, icon.src).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      const [width, height] = icon.sizes.split('x').map(Number);
      // PNG IHDR: width and height at bytes 16 and 20.
      expect([png.rawPayload.readUInt32BE(16), png.rawPayload.readUInt32BE(20)], icon.src).toEqual([
        width,
        height,
      ]);
    }
    expect(manifest.icons.map((icon) => icon.purpose)).toContain('maskable');
  });

  it('serves the offline page as it is, to a visitor and to a customer, and asks for it again each time', async () => {
    const visitor: Record<string, string> = {};
    for (const headers of [visitor, { cookie: `${CUSTOMER_COOKIE}=abc` }]) {
      const res = await get(INSTALLABLE_APP.offlinePage, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('Vous êtes hors ligne');
      expect(res.body).toContain('Réessayer');
      // Branded with nothing from elsewhere: every URL in it is on this site.
      expect(res.body).not.toMatch(/(src|href)="(https?:)?\/\//);
    }
  });

  it('links the manifest, the theme colour and the touch icon from the app and from the public pages', async () => {
    const manifest = (await get(INSTALLABLE_APP.manifest)).json<{ theme_color: string }>();
    for (const [path, headers] of [
      ['/connexion', {}],
      ['/', {}],
      ['/faq', {}],
      ['/', { cookie: `${CUSTOMER_COOKIE}=abc` }],
    ] as const) {
      const html = (await get(path, headers)).body;
      expect(html, path).toContain(`<link rel="manifest" href="${INSTALLABLE_APP.manifest}">`);
      expect(html, path).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"');
      expect(html, path).toMatch(/<meta name="theme-color" content="#[0-9a-f]{6}"/);
    }
    expect((await get('/connexion')).body).toContain(
      `<meta name="theme-color" content="${manifest.theme_color}"`,
    );
  });

  it('allows the worker and the manifest in the content security policy', async () => {
    const csp = String((await get('/connexion')).headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toContain("script-src 'self'");
  });
});
