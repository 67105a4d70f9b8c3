import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import type { AcceptedPlugin } from 'postcss';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import postcssPresetMantineUntyped from 'postcss-preset-mantine';
import postcssSimpleVars from 'postcss-simple-vars';
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
 * Two builds (see `npm run build`):
 * - the client: two HTML entries, index.html (the app) and marketing.html (the public pages, a
 *   small entry that hydrates pre-rendered HTML), sharing only React;
 * - `--ssr`: the marketing render function, into dist/ssr, used by scripts/prerender-marketing.ts.
 */
export default defineConfig(({ isSsrBuild }) => ({
  // The installable app (manifest and service worker) belongs to the client build only.
  plugins: isSsrBuild
    ? [react()]
    : [react(), VitePWA(pwaOptions), pushWorkerPlugin(here('./src/pwa/push-worker.ts'))],
  // PostCSS lives here rather than in postcss.config.cjs so that the typed lint covers it.
  css: {
    postcss: { plugins: [postcssPresetMantine(), postcssSimpleVars({ variables: breakpoints })] },
  },
  // The marketing renderer carries React with it: the server loads it at start (an institution of
  // its own re-renders the public pages) in a production install, which has none of the web's packages.
  ...(isSsrBuild ? { ssr: { noExternal: true } } : {}),
  build: isSsrBuild
    ? { outDir: 'dist/ssr', emptyOutDir: false, sourcemap: false, copyPublicDir: false, assetsInlineLimit }
    : {
        assetsInlineLimit,
        modulePreload: {
          // The pre-rendered pages inline the marketing stylesheets: loading hydrate.tsx must not
          // fetch them again.
          resolveDependencies: (file: string, deps: string[]) =>
            /(^|\/)hydrate-[\w-]+\.js$/.test(file) ? deps.filter((dep) => !dep.endsWith('.css')) : deps,
        },
        outDir: 'dist',
        emptyOutDir: true,
        sourcemap: true,
        // The pre-render reads it to preload each page's chunk.
        manifest: true,
        rolldownOptions: {
          input: { index: here('./index.html'), marketing: here('./marketing.html') },
          output: {
            codeSplitting: {
              // The public site's chrome, shared blocks and every marketing stylesheet in one chunk that
              // marketing.html loads statically: its CSS is inlined by the pre-render, and page chunks
              // (one per page, loaded on demand) then carry no CSS of their own.
              includeDependenciesRecursively: false,
              groups: [{ name: 'marketing-site', test: MARKETING_CHROME }],
            },
          },
        },
      },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/dev': { target: api, changeOrigin: false },
    },
  },
}));
