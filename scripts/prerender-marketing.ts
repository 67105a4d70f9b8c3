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
const HYDRATE_ENTRY = 'src/marketing/hydrate.tsx';
const out = join(dist, 'prerendered');

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}
type ViteManifest = Record<string, ManifestChunk>;

function fail(message: string): never {
  // A half-built dist must not look fresh to build-web-if-stale.mjs.
  rmSync(join(dist, 'index.html'), { force: true });
  throw new Error(`prerender-marketing: ${message}`);
}

/**
 * The stylesheets of the marketing site (the CSS of hydrate.tsx's chunks, which boot.ts loads only
 * after the first paint), inlined in every page: no render-blocking request, nothing that changes
 * when the JavaScript arrives.
 */
function inlineStyles(html: string, manifest: ViteManifest): string {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const css of chunk.css ?? []) if (!files.includes(css)) files.push(css);
  };
  visit(HYDRATE_ENTRY);
  if (files.length === 0) fail(`no stylesheet for ${HYDRATE_ENTRY} in the Vite manifest`);
  if (/<link rel="stylesheet"/.test(html))
    fail('marketing.html links a stylesheet: it would block the first paint');
  const css = files
    .map((file) => readFileSync(join(dist, file), 'utf8').replaceAll('</style', '<\\/style'))
    .join('\n');
  return html.replace('</head>', () => `<style>${css}</style>\n  </head>`);
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
const manifestFile = join(dist, '.vite', 'manifest.json');
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
