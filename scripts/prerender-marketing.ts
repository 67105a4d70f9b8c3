// Step 3 of `npm run build -w apps/web` (after the client and SSR builds): renders every marketing
// page to complete HTML in apps/web/dist/prerendered/<route>.html, with its own title, description,
// canonical URL and Open Graph tags, and the stylesheet inlined. Then writes brotli and gzip copies of
// the static assets, which the server sends as they are.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { DEFAULT_INSTANT_RAIL_TIMEOUT_MS } from '@comptoir/contracts';
import { DEFAULT_INSTITUTION } from '../apps/server/src/institution.ts';
import { publicProfile } from '../apps/server/src/modules/institution/public-profile.ts';
import {
  ORIGIN_PLACEHOLDER,
  type MarketingRenderer,
  type PrerenderManifest,
} from '../apps/server/src/http/web.ts';

const dist = new URL('../apps/web/dist/', import.meta.url).pathname;
/** The key of the one stylesheet in the marketing build's Vite manifest (`cssCodeSplit: false`). */
const STYLESHEET = 'style.css';
const out = join(dist, 'prerendered');

type ViteManifest = Record<string, { file: string }>;

function fail(message: string): never {
  // A half-built dist must not look fresh to build-web-if-stale.mjs.
  rmSync(join(dist, 'index.html'), { force: true });
  throw new Error(`prerender-marketing: ${message}`);
}

/**
 * The marketing site's one stylesheet (its build does not split CSS), inlined in every page in
 * place of the link the build wrote: no render-blocking request, nothing that changes when the
 * JavaScript arrives, and no chunk that loads a stylesheet when it is imported.
 */
function inlineStyles(html: string, manifest: ViteManifest): string {
  const file = manifest[STYLESHEET]?.file;
  if (!file) fail(`no ${STYLESHEET} in the marketing build's Vite manifest`);
  const links = html.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
  if (links.length !== 1 || !links[0].includes(`href="/${file}"`))
    fail(`marketing.html should link ${file} and no other stylesheet: ${links.join(' ')}`);
  const css = readFileSync(join(dist, file), 'utf8').replaceAll('</style', '<\\/style');
  return html.replace(links[0], () => `<style>${css}</style>`);
}

function precompress(dir: string): number {
  let count = 0;
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) continue;
    if (!/\.(js|css|svg|json|txt|webmanifest)$/.test(name)) continue;
    const body = readFileSync(file);
    if (body.length < 1024) continue;
    writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    count++;
  }
  return count;
}

const templateFile = join(dist, 'marketing.html');
const manifestFile = join(dist, '.vite', 'marketing-manifest.json');
const rendererFile = join(dist, 'ssr', 'render.js');
for (const file of [templateFile, manifestFile, rendererFile]) {
  if (!existsSync(file)) fail(`${file} is missing: run the client and SSR builds first`);
}

const viteManifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as ViteManifest;
const template = inlineStyles(readFileSync(templateFile, 'utf8'), viteManifest);
const renderer = (await import(pathToFileURL(rendererFile).href)) as MarketingRenderer;
const institution = publicProfile(DEFAULT_INSTITUTION, DEFAULT_INSTANT_RAIL_TIMEOUT_MS);
const pages = await renderer.renderMarketingPages({ template, institution, origin: ORIGIN_PLACEHOLDER });

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
for (const page of pages) writeFileSync(join(out, page.file), page.html);
writeFileSync(join(out, 'template.html'), template);
const manifest: PrerenderManifest = {
  institution,
  pages: pages.map(({ path, page, file, title }) => ({ path, page, file, title })),
};
writeFileSync(join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

const compressed = precompress(join(dist, 'assets')) + precompress(dist);
console.log(`Pre-rendered ${pages.length} marketing pages; ${compressed} assets pre-compressed.`);
