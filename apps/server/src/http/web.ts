import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import {
  BACKOFFICE_PATH_META,
  CSP_NONCE_META,
  INSTALLABLE_APP,
  INSTITUTION_ELEMENT_ID,
  type PublicInstitution,
} from '@comptoir/contracts';
import { CUSTOMER_COOKIE } from './cookies.ts';
import { inlineStyleHashes, styleNonce } from './csp.ts';
import { installableAppCacheControl, SERVICE_WORKER_FILES, serveServiceWorker } from './installable-app.ts';

/** The institution profile as a JSON island: not executed (the strict CSP holds), read at once by the app. */
export function institutionIsland(institution: PublicInstitution): string {
  const json = JSON.stringify(institution).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${INSTITUTION_ELEMENT_ID}">${json}</script>`;
}

// — the pre-rendered marketing pages (apps/web/src/marketing, scripts/prerender-marketing.ts) —

/** Written in place of the public origin at build time; the server puts `PUBLIC_URL` there. */
export const ORIGIN_PLACEHOLDER = 'https://public-origin.comptoir.invalid';

export interface RenderedPage {
  path: string;
  page: string;
  file: string;
  title: string;
  html: string;
}

/** What the SSR build of the marketing site (dist/ssr/render.js) exports. */
export interface MarketingRenderer {
  renderMarketingPages(options: {
    template: string;
    institution: PublicInstitution;
    origin: string;
  }): Promise<RenderedPage[]>;
}

/** dist/prerendered/manifest.json: what the build rendered, and with which profile. */
export interface PrerenderManifest {
  institution: PublicInstitution;
  pages: { path: string; page: string; file: string; title: string }[];
}

interface HtmlDocument {
  body: Buffer;
  gzip: Buffer;
  brotli: Buffer;
  etag: string;
}

function htmlDocument(html: string): HtmlDocument {
  const body = Buffer.from(html, 'utf8');
  return {
    body,
    gzip: gzipSync(body, { level: 9 }),
    brotli: brotliCompressSync(body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
  };
}

/**
 * The app's page (customer area, sign-in and sign-up, back office), kept in parts around the places
 * of the style nonce: each response names its own (`<meta name="csp-nonce">`, csp.ts).
 */
interface AppPage {
  parts: string[];
}

const NONCE_SLOT = '__comptoir-style-nonce__';

function appPage(html: string): AppPage {
  if (html.includes(NONCE_SLOT)) throw new Error(`the app's page already spells ${NONCE_SLOT}`);
  const withMeta = html.replace(
    '</head>',
    () => `<meta name="${CSP_NONCE_META}" content="${NONCE_SLOT}"></head>`,
  );
  return { parts: withMeta.split(NONCE_SLOT) };
}

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
const withIsland = (html: string, institution: PublicInstitution) =>
  html.replace('</head>', () => `${institutionIsland(institution)}</head>`);
/** The app as served at the back office's path: it names that path (and no other page does). */
const withBackofficePath = (html: string, path: string) =>
  html.replace(
    '</head>',
    () => `<meta name="${BACKOFFICE_PATH_META}" content="${escapeAttribute(path)}"></head>`,
  );

/**
 * Paths of the app (docs/product/paths.md) that a signed-out visitor may open: they get the app shell. Any other
 * unknown path shows home (docs/product/paths.md#signed-out). Add a path here when the app gets a new signed-out screen.
 */
const APP_PATHS = new Set([
  '/connexion',
  '/inscription1',
  '/inscription2',
  '/inscription3',
  '/inscription4',
  '/inscription5',
  '/inscription6',
  '/check-your-mailbox',
  '/signidcard',
  '/signpassport',
  '/addselfie',
  '/justificatifdomicile',
  '/wait-for-activation',
  '/recover-password',
  '/change-password',
  '/update-user',
  // Signed-in screens: a visitor whose session cookie has gone still lands in the app, which says so.
  '/carte',
  // A push notification's tap opens these, perhaps after the session has ended.
  '/carte/paiements-en-ligne',
  '/notifications',
  '/virementshome',
  '/rib',
  '/profil',
]);

const normalisePath = (url: string): string => {
  const pathname = url.split(/[?#]/, 1)[0] ?? '/';
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // keep it raw: it is only compared with known paths
  }
  return decoded.toLowerCase().replace(/\/+$/, '') || '/';
};

/**
 * The marketing pages as the server sends them: the build's pre-rendered HTML when the configured
 * profile is the one the build used (the default), else rendered once now with the configured
 * profile — so a licensed institution's pages never say « banque fictive » nor show the demo's
 * legal mentions, even with JavaScript off.
 */
async function loadMarketingPages(
  distDir: string,
  institution: PublicInstitution,
): Promise<{ html: Map<string, string>; paths: string[] } | null> {
  const dir = join(distDir, 'prerendered');
  const manifestFile = join(dir, 'manifest.json');
  if (!existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as PrerenderManifest;

  let rendered: { path: string; html: string }[];
  if (JSON.stringify(manifest.institution) === JSON.stringify(institution)) {
    rendered = manifest.pages.map((p) => ({ path: p.path, html: readFileSync(join(dir, p.file), 'utf8') }));
  } else {
    const renderer = (await import(
      pathToFileURL(join(distDir, 'ssr', 'render.js')).href
    )) as MarketingRenderer;
    rendered = await renderer.renderMarketingPages({
      template: readFileSync(join(dir, 'template.html'), 'utf8'),
      institution,
      origin: ORIGIN_PLACEHOLDER,
    });
  }
  const html = new Map(rendered.map(({ path, html }) => [path, withIsland(html, institution)]));
  return { html, paths: manifest.pages.map((p) => p.path) };
}

/** A value computed once per public URL (it is known only once the server listens on port 0). */
function perOrigin<T>(publicUrl: () => string, make: (origin: string) => T): () => T {
  let cached: { origin: string; value: T } | null = null;
  return () => {
    const origin = publicUrl().replace(/\/+$/, '');
    if (cached?.origin !== origin) cached = { origin, value: make(origin) };
    return cached.value;
  };
}

function sendDocument(request: FastifyRequest, reply: FastifyReply, doc: HtmlDocument, status = 200) {
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding, cookie')
    .header('etag', doc.etag);
  if (status === 200 && request.headers['if-none-match'] === doc.etag) return reply.status(304).send();
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(doc.brotli);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(doc.gzip);
  return reply.send(doc.body);
}

/**
 * The app's page with this response's nonce, compressed now (a page of about 2 KB). No ETag: a 304
 * would pair the page kept by the browser with a new nonce in the policy.
 */
function sendAppPage(request: FastifyRequest, reply: FastifyReply, page: AppPage) {
  const body = Buffer.from(page.parts.join(styleNonce(reply.raw)), 'utf8');
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding, cookie');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted))
    return reply
      .header('content-encoding', 'br')
      .send(brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzipSync(body));
  return reply.send(body);
}

export interface WebAppOptions {
  institution: PublicInstitution;
  /** `PUBLIC_URL`, read when needed: canonical links, Open Graph, sitemap. */
  publicUrl: () => string;
  /** The back office's path: always the app. */
  backofficePath: string;
}

export type SendPage = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

export interface WebApp {
  sendPage: SendPage;
  /** CSP sources of the build's static inline stylesheets: the marketing pages' and the offline page's. */
  staticStyleHashes: string[];
}

/**
 * Serves the built web app.
 * - Hashed assets with long caching (pre-compressed copies when the build wrote them).
 * - A GET of a marketing path (any case) by a visitor without the customer session cookie: its
 *   pre-rendered HTML, which the marketing entry hydrates. With the cookie, the app shell: `/`
 *   signed in is the dashboard.
 * - The app's own paths (sign-in, sign-up, customer area, back office): the app shell.
 * - Any other path: the home page's HTML with status 404 for a visitor (docs/product/paths.md#signed-out,
 *   honest to crawlers), the app shell for a signed-in customer (their dashboard).
 * - /sitemap.xml and /robots.txt.
 * Every HTML page carries the institution profile as a JSON island; the app's page, this response's
 * style nonce.
 */
export async function serveWebApp(
  app: FastifyInstance,
  distDir: string,
  options: WebAppOptions,
): Promise<WebApp> {
  const shellHtml = withIsland(readFileSync(join(distDir, 'index.html'), 'utf8'), options.institution);
  const shell = appPage(shellHtml);
  const backofficeShell = appPage(withBackofficePath(shellHtml, options.backofficePath));
  const marketing = await loadMarketingPages(distDir, options.institution);
  // The public origin goes into canonical and Open Graph links; each page is then compressed once.
  const marketingPages = perOrigin(options.publicUrl, (origin) => {
    const pages = new Map<string, HtmlDocument>();
    const attribute = escapeAttribute(origin);
    for (const [path, html] of marketing?.html ?? []) {
      pages.set(path, htmlDocument(html.replaceAll(ORIGIN_PLACEHOLDER, attribute)));
    }
    return pages;
  });
  marketingPages(); // compressed now rather than on the first visit
  const backoffice = options.backofficePath.toLowerCase();

  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    // The service worker has its own route (installable-app.ts).
    globIgnore: SERVICE_WORKER_FILES,
    // HTML goes through sendPage (with the island), but for the service worker's offline page; the
    // SSR bundle and build metadata stay private.
    allowedPath: (pathName) =>
      (!pathName.endsWith('.html') || pathName === INSTALLABLE_APP.offlinePage) &&
      !/^\/(ssr|prerendered|\.vite)\//.test(pathName),
    setHeaders: (reply, path) => {
      reply.header(
        'cache-control',
        installableAppCacheControl(path) ??
          (path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600'),
      );
      if (path.endsWith('.webmanifest')) reply.header('content-type', 'application/manifest+json');
    },
  });
  serveServiceWorker(app, distDir, options.backofficePath);

  const sendPage: SendPage = (request, reply) => {
    const path = normalisePath(request.url);
    if (path === backoffice || path.startsWith(`${backoffice}/`))
      return sendAppPage(request, reply, backofficeShell);
    const isAppPath =
      APP_PATHS.has(path) || path.startsWith('/virementshome/') || path.startsWith('/psd2/autorisation/');
    if (!marketing || isAppPath || request.cookies[CUSTOMER_COOKIE])
      return sendAppPage(request, reply, shell);
    const pages = marketingPages();
    const page = pages.get(path);
    if (page) return sendDocument(request, reply, page);
    const home = pages.get('/');
    return home ? sendDocument(request, reply, home, 404) : sendAppPage(request, reply, shell);
  };

  app.get('/', { schema: { hide: true } }, sendPage);

  const sitemap = perOrigin(options.publicUrl, (origin) =>
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...(marketing?.paths ?? ['/']).map(
        (path) => `  <url><loc>${escapeAttribute(`${origin}${path}`)}</loc></url>`,
      ),
      '</urlset>',
      '',
    ].join('\n'),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemap()),
  );

  const robots = perOrigin(options.publicUrl, (origin) =>
    ['User-agent: *', 'Allow: /', 'Disallow: /api/', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n'),
  );
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots()),
  );

  const offlinePage = join(distDir, INSTALLABLE_APP.offlinePage);
  const staticStyleHashes = [
    ...new Set([
      ...[...(marketing?.html.values() ?? [])].flatMap(inlineStyleHashes),
      ...(existsSync(offlinePage) ? inlineStyleHashes(readFileSync(offlinePage, 'utf8')) : []),
    ]),
  ];
  return { sendPage, staticStyleHashes };
}
