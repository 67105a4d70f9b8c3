import { fileURLToPath } from 'node:url';
import { defineConfig, type BuildEnvironmentOptions, type Plugin, type Rolldown } from 'vite';
import type { AcceptedPlugin } from 'postcss';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import postcssPresetMantineUntyped from 'postcss-preset-mantine';
import postcssSimpleVars from 'postcss-simple-vars';
// Relative, not '@comptoir/contracts': Vite loads its configuration without compiling linked packages.
import { INSTALLABLE_APP } from '../../packages/contracts/src/installable-app.ts';
import { pwaOptions } from './src/pwa/pwa-options.ts';
import { pushWorkerPlugin } from './src/pwa/push-worker-plugin.ts';

// postcss-preset-mantine ships an empty `declare module`; give it the shape it really has.
const postcssPresetMantine = postcssPresetMantineUntyped as () => AcceptedPlugin;

// Mantine breakpoints, usable as $mantine-breakpoint-sm in CSS modules.
const breakpoints = {
  'mantine-breakpoint-xs': '36em',
  'mantine-breakpoint-sm': '48em',
  'mantine-breakpoint-md': '62em',
  'mantine-breakpoint-lg': '75em',
  'mantine-breakpoint-xl': '88em',
};

const api = 'http://localhost:3000';
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Where the marketing build writes its Vite manifest (read by scripts/prerender-marketing.ts). */
const MARKETING_MANIFEST = '.vite/marketing-manifest.json';

/**
 * Marketing illustrations stay files (cached for a year, lazy-loaded) rather than data URLs in the
 * JavaScript and the HTML — in both builds, so the pre-rendered `src` is the one the client renders.
 */
const assetsInlineLimit = (file: string): boolean | undefined =>
  file.includes('/marketing/images/') ? false : undefined;

/** Modules of the marketing chunk: chrome, components and all marketing CSS modules (not pages, not the app's adapter). */
const MARKETING_CHROME =
  /\/src\/marketing\/(components\/[^/]+|[^/]+\.module\.css|pages\/[^/]+\.module\.css|(Site|site-context)\.tsx|(content|images|strings|meta|institution|pages\/registry)\.ts|images\/[^/]+\.svg)$/;

/**
 * The public site runs on Preact (React's API in about 10 KB): its pages are pre-rendered HTML with a
 * header, a few menus and a contact form to make interactive, and React DOM alone would weigh 60 KB
 * gzipped on every page. The components stay the same, written against React's API; the app (which
 * also shows them, for a visitor whose session has expired) keeps React.
 */
const PREACT = [
  { find: /^react-dom\/server$/, replacement: 'preact-render-to-string' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react(-dom)?$/, replacement: 'preact/compat' },
];

/** The app's `zod` is zod configured not to compile parsers with eval (src/zod-jitless.ts). */
const ZOD_JITLESS = [{ find: /^zod$/, replacement: here('./src/zod-jitless.ts') }];

/** The public pages link the web app manifest too; the plugin that writes it runs in the app's build. */
const linkManifest: Plugin = {
  name: 'comptoir-link-manifest',
  transformIndexHtml: () => [
    { tag: 'link', attrs: { rel: 'manifest', href: INSTALLABLE_APP.manifest }, injectTo: 'head' },
  ],
};

/**
 * Three builds (see `npm run build`), into one dist:
 * - `--mode marketing`: marketing.html, the public pages' small entry that hydrates pre-rendered
 *   HTML, on Preact; first, as it empties dist;
 * - the app: index.html, on React, with the installable app's manifest and service worker (which
 *   precache both builds' scripts);
 * - `--ssr`: the marketing render function, on Preact, into dist/ssr, used by
 *   scripts/prerender-marketing.ts and by the server.
 */
/** `vite build --ssr`: the marketing renderer, into dist/ssr. */
const ssrBuild: BuildEnvironmentOptions = {
  outDir: 'dist/ssr',
  emptyOutDir: false,
  sourcemap: false,
  copyPublicDir: false,
  assetsInlineLimit,
};

/** `vite build --mode marketing`: the public pages. */
const marketingBuild: BuildEnvironmentOptions = {
  assetsInlineLimit,
  // One stylesheet for the whole site, which the pre-render inlines in every page: no chunk of the
  // site then loads CSS of its own when it is imported.
  cssCodeSplit: false,
  outDir: 'dist',
  emptyOutDir: true,
  sourcemap: true,
  // The pre-render reads it to inline the stylesheet.
  manifest: MARKETING_MANIFEST,
  rolldownOptions: {
    input: { marketing: here('./marketing.html') },
    output: {
      codeSplitting: {
        // The public site's chrome, shared blocks and the class names of every marketing stylesheet
        // in one chunk that hydrate.tsx loads statically; one chunk per page, loaded on demand.
        includeDependenciesRecursively: false,
        groups: [{ name: 'marketing-site', test: MARKETING_CHROME }],
      },
    },
  },
};

/**
 * One chunk, `customer-first-screen`, for what the customer area's first screen (its shell and
 * « Accueil ») imports statically and the entry does not, with their dependencies: the dashboard's
 * first load is three scripts instead of sixty (a chunk per module that some other screen shares),
 * 170 KB gzip instead of 199. The shared foundation it pulls in (Mantine's core, the router, the
 * query client) makes the entry load it at start: a sign-in page costs 4 KB more, a back-office or
 * sign-up page a few KB less, each in a third to a half of the scripts (docs/customer-area.md#performance).
 */
function customerFirstScreen(id: string, ctx: Rolldown.ChunkingContext): string | null {
  firstScreen ??= (() => {
    const reach = (from: string[]) => {
      const seen = new Set<string>();
      const stack = [...from];
      while (stack.length > 0) {
        const next = stack.pop()!;
        if (seen.has(next)) continue;
        seen.add(next);
        stack.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
      }
      return seen;
    };
    const entry = reach([here('./src/main.tsx')]);
    const screen = reach([
      here('./src/customer/CustomerLayout.tsx'),
      here('./src/customer/DashboardPage.tsx'),
    ]);
    return new Set([...screen].filter((m) => !entry.has(m)));
  })();
  return firstScreen.has(id) ? 'customer-first-screen' : null;
}
let firstScreen: Set<string> | null = null;

/** `vite build`: the app. */
const appBuild: BuildEnvironmentOptions = {
  assetsInlineLimit,
  outDir: 'dist',
  // The marketing build, made just before, is in dist already.
  emptyOutDir: false,
  sourcemap: true,
  rolldownOptions: {
    input: { index: here('./index.html') },
    output: { codeSplitting: { groups: [{ name: customerFirstScreen }] } },
  },
};

export default defineConfig(({ isSsrBuild, mode }) => {
  const marketing = mode === 'marketing';
  return {
    // The installable app (manifest and service worker) belongs to the app's build only.
    plugins:
      isSsrBuild || marketing
        ? [react(), ...(marketing ? [linkManifest] : [])]
        : [react(), VitePWA(pwaOptions), pushWorkerPlugin(here('./src/pwa/push-worker.ts'))],
    resolve: isSsrBuild || marketing ? { alias: PREACT } : { alias: ZOD_JITLESS },
    // PostCSS lives here rather than in postcss.config.cjs so that the typed lint covers it.
    css: {
      postcss: { plugins: [postcssPresetMantine(), postcssSimpleVars({ variables: breakpoints })] },
    },
    // The marketing renderer carries Preact with it: the server loads it at start (an institution of
    // its own re-renders the public pages) in a production install, which has none of the web's packages.
    ...(isSsrBuild ? { ssr: { noExternal: true } } : {}),
    build: isSsrBuild ? ssrBuild : marketing ? marketingBuild : appBuild,
    server: {
      proxy: {
        '/api': { target: api, changeOrigin: false },
        '/dev': { target: api, changeOrigin: false },
      },
    },
  };
});
