import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKOFFICE_PATH_META, DEFAULT_BACKOFFICE_PATH, INSTALLABLE_APP } from '@comptoir/contracts';
import { makeTestContext, type TestContext } from '../testing/test-context.ts';
import { DEFAULT_INSTITUTION } from '../institution.ts';
import { CUSTOMER_COOKIE } from './cookies.ts';

const DIST = join(dirname(fileURLToPath(import.meta.url)), '../../../web/dist');
const built = existsSync(join(DIST, 'prerendered', 'manifest.json'));
const BANNER = 'Banque fictive de démonstration — aucun service bancaire réel.';
const PUBLIC_URL = 'https://banque.exemple.test';

const MARKETING_PATHS = [
  '/',
  '/cartedigital',
  '/virements',
  '/prelevements',
  '/compteshome',
  '/offre',
  '/agregation',
  '/valeurs',
  '/blog',
  '/faq',
  '/temoignagesclient',
  '/contact',
  '/politiques-de-confidentialite',
];

// Needs the built web app (`npm test` builds it first).
describe.skipIf(!built)('serving the web app', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await makeTestContext({ publicUrl: PUBLIC_URL });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it.each(MARKETING_PATHS)(
    'serves %s pre-rendered, with the island, the banner and its canonical URL',
    async (path) => {
      const res = await get(path);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['vary']).toContain('cookie');
      const html = res.body;
      expect(html).toContain('<html lang="fr">');
      expect(html).toContain(BANNER);
      expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}${path}" />`);
      expect(html).toContain(`<meta property="og:url" content="${PUBLIC_URL}${path}" />`);
      expect(html).toMatch(/<script type="application\/json" id="comptoir-institution">\{"name":"Comptoir"/);
      expect(html).not.toContain('public-origin.comptoir.invalid');
      expect(html).toMatch(/<main id="contenu"[^>]*>[\s\S]*<h1 /);
    },
  );

  it('matches paths without case and ignores a trailing slash', async () => {
    const res = await get('/FAQ/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/faq" />`);
  });

  it('shows home for an unknown path, with status 404', async () => {
    const res = await get('/cette-page-n-existe-pas');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/" />`);
    expect(res.body).toContain('Ouvrir mon compte');
  });

  it.each([
    '/connexion',
    '/Inscription1',
    '/check-your-mailbox',
    '/virementshome/ponctuel',
    '/027895-admin-panel/clients',
  ])('serves the app shell for %s', async (path) => {
    const res = await get(path);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('id="comptoir-institution"');
  });

  it('names the back office’s path in the page served there, and in no other page', async () => {
    const meta = `<meta name="${BACKOFFICE_PATH_META}" content="${DEFAULT_BACKOFFICE_PATH}">`;
    for (const path of ['/027895-admin-panel', '/027895-ADMIN-panel/clients'])
      expect((await get(path)).body).toContain(meta);
    for (const path of ['/connexion', '/', '/faq', '/inconnue'])
      expect((await get(path)).body).not.toContain(BACKOFFICE_PATH_META);
    expect((await get('/', { cookie: `${CUSTOMER_COOKIE}=abc` })).body).not.toContain(BACKOFFICE_PATH_META);
  });

  it('follows BACKOFFICE_PATH: the app there names it, the default path is an unknown one', async () => {
    const other = await makeTestContext({ publicUrl: PUBLIC_URL, backofficePath: '/Bureau-7731' });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/bureau-7731/clients' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<meta name="${BACKOFFICE_PATH_META}" content="/Bureau-7731">`);
      const old = await other.app.inject({ method: 'GET', url: '/027895-admin-panel' });
      expect(old.statusCode).toBe(404);
      expect(old.body).not.toContain(BACKOFFICE_PATH_META);
    } finally {
      await other.close();
    }
  });

  it('serves the app shell to a customer with a session cookie: / is their dashboard', async () => {
    for (const path of ['/', '/faq', '/inconnue']) {
      const res = await get(path, { cookie: `${CUSTOMER_COOKIE}=abc` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('<link rel="canonical"');
    }
  });

  it('compresses pages (brotli, gzip) and answers 304 to a matching ETag', async () => {
    const plain = await get('/contact');
    const br = await get('/contact', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get('/contact', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

    const etag = String(plain.headers['etag']);
    const again = await get('/contact', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('gives the app’s page a style nonce of its own, which only its policy names', async () => {
    const nonces = new Set<string>();
    for (const path of ['/connexion', '/connexion', '/027895-admin-panel', '/', '/']) {
      const headers: Record<string, string> = path === '/' ? { cookie: `${CUSTOMER_COOKIE}=abc` } : {};
      const res = await get(path, headers);
      const nonce = /<meta name="csp-nonce" content="([A-Za-z0-9+/=]{24,})">/.exec(res.body)?.[1];
      expect(nonce, path).toBeDefined();
      const csp = String(res.headers['content-security-policy']);
      const styleSrc = /(?:^|;)style-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(styleSrc.split(' ')).toContain(`'nonce-${nonce}'`);
      expect(styleSrc).not.toContain('unsafe-inline');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['etag']).toBeUndefined();
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(5);
    const br = await get('/connexion', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toMatch(/<div id="root"><\/div>/);
  });

  it('allows the pre-rendered pages’ and the offline page’s inline stylesheets by hash, nothing else inline', async () => {
    for (const path of ['/', '/faq', INSTALLABLE_APP.offlinePage]) {
      const res = await get(path);
      const styles = [...res.body.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
      expect(styles.length, path).toBe(1);
      const hash = `'sha256-${createHash('sha256').update(styles[0]!).digest('base64')}'`;
      const styleSrc = /(?:^|;)style-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1];
      expect(styleSrc?.split(' '), path).toContain(hash);
      expect(styleSrc).not.toContain('unsafe-inline');
    }
  });

  it('serves hashed assets for a year, pre-compressed, and keeps build files private', async () => {
    // The largest marketing chunk: small chunks (under 1 KB) are deliberately not pre-compressed,
    // and which name sorts first depends on content hashes.
    const script = readdirSync(join(DIST, 'assets'))
      .filter((f) => /^marketing-.*\.js$/.test(f))
      .sort((a, b) => statSync(join(DIST, 'assets', b)).size - statSync(join(DIST, 'assets', a)).size)[0];
    const asset = await get(`/assets/${script}`, { 'accept-encoding': 'br' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('br');

    for (const path of [
      '/marketing.html',
      '/index.html',
      '/prerendered/faq.html',
      '/ssr/render.js',
      '/.vite/manifest.json',
    ]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body, path).not.toContain('<!--marketing-app-->');
      expect(res.body, path).not.toContain('renderMarketingPages');
    }
  });

  it('publishes sitemap.xml and robots.txt with the public URL', async () => {
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(MARKETING_PATHS.map((p) => `${PUBLIC_URL}${p}`));

    const robots = await get('/robots.txt');
    expect(robots.body).toBe(
      `User-agent: *\nAllow: /\nDisallow: /api/\nSitemap: ${PUBLIC_URL}/sitemap.xml\n`,
    );
  });

  it('serves /favicon.ico: an icon, not the 404 page (browsers ask for it whatever the HTML says)', async () => {
    const res = await get('/favicon.ico');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
    // ICONDIR: reserved 0, type 1 (icon), at least one image.
    expect(res.rawPayload.readUInt16LE(0)).toBe(0);
    expect(res.rawPayload.readUInt16LE(2)).toBe(1);
    expect(res.rawPayload.readUInt16LE(4)).toBeGreaterThan(0);
  });

  it('still answers unknown API paths with problem JSON', async () => {
    const res = await get('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});

describe.skipIf(!built)('a licensed institution', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await makeTestContext({
      sandbox: false,
      publicUrl: 'https://www.banque-reelle.test',
      institution: {
        ...DEFAULT_INSTITUTION,
        name: 'Banque Réelle',
        legalName: 'Banque Réelle S.A.',
        registration: 'RCS Luxembourg B000000',
        supervisor: 'Commission de Surveillance du Secteur Financier (CSSF)',
        licenceNumber: 'B-0000',
        sandbox: false,
      },
    });
  });
  afterAll(() => t.close());

  it('gets pages rendered with its own profile: no sandbox banner, its legal mentions, no samples', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).not.toContain(BANNER);
    expect(html).not.toContain('fictive');
    // Sample figures and reviews (« exemple ») are not shown by a real institution.
    expect(html).not.toMatch(/class="_sample_[^"]*">exemple</);
    expect(html).not.toContain('clients</p>');
    expect(html).not.toContain('Note moyenne');
    expect(html).toContain('<title>Banque Réelle — la banque en ligne simple et transparente</title>');
    expect(html).toContain('Banque Réelle S.A.');
    expect(html).toContain('Immatriculation : RCS Luxembourg B000000');
    expect(html).toContain(
      'Établissement agréé et supervisé par Commission de Surveillance du Secteur Financier (CSSF) — agrément n° B-0000.',
    );
    expect(html).toContain('<link rel="canonical" href="https://www.banque-reelle.test/" />');
    expect(html).toContain('"sandbox":false');
  });

  it('shows no sample testimonial', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/temoignagesclient' });
    expect(res.body).not.toContain('Claire M.');
    expect(res.body).toContain('Les témoignages de nos clients seront publiés ici.');
  });
});
