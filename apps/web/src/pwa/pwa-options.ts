import type { VitePWAOptions } from 'vite-plugin-pwa';
// Relative, not '@comptoir/contracts': Vite loads its configuration without compiling linked packages.
import { INSTALLABLE_APP } from '../../../../packages/contracts/src/installable-app.ts';
import { comptoir, PAGE_BACKGROUND, PRIMARY_SHADE } from '../app/palette.ts';

/**
 * The navigations the service worker handles: every page of the site, on the network and never
 * from a cache, with the offline page when the network fails. Not the API (statement downloads are
 * navigations too), not /dev (the sandbox mailbox), not the back office.
 *
 * Workbox copies this function's source text into sw.js: it can use nothing from this module. The
 * back office's path is the placeholder INSTALLABLE_APP.backofficePlaceholder, which the server
 * replaces with the configured BACKOFFICE_PATH when it serves sw.js.
 */
export const isSitePage = ({ request, url }: { request: Request; url: URL }): boolean => {
  const path = url.pathname.toLowerCase();
  const backoffice = '/__comptoir-backoffice-path__';
  return (
    request.mode === 'navigate' &&
    url.origin === self.location.origin &&
    !/^\/(api|dev)(\/|$)/.test(path) &&
    path !== backoffice &&
    !path.startsWith(`${backoffice}/`)
  );
};

if (!isSitePage.toString().includes(INSTALLABLE_APP.backofficePlaceholder))
  throw new Error('isSitePage must spell INSTALLABLE_APP.backofficePlaceholder');

const file = (path: string) => path.replace(/^\//, '');

export const THEME_COLOR = comptoir[PRIMARY_SHADE];

/**
 * vite-plugin-pwa (generateSW): the web app manifest and a service worker that precaches the
 * static files only — hashed scripts and stylesheets, fonts, icons, the offline page. Pages are
 * never cached (the server writes the institution profile into each, and a signed-out visitor and
 * a customer get different pages at the same address); API answers are never touched.
 * A new version waits until the customer accepts it (`registerType: 'prompt'`, UpdatePrompt.tsx).
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  registerType: 'prompt',
  // Registered by src/pwa/service-worker.ts, only in the customer area and the sign-in screens.
  injectRegister: false,
  filename: file(INSTALLABLE_APP.serviceWorker),
  manifestFilename: file(INSTALLABLE_APP.manifest),
  includeManifestIcons: false,
  manifest: {
    id: '/',
    name: 'Comptoir',
    short_name: 'Comptoir',
    description:
      'Votre compte, votre carte et vos virements SEPA, depuis votre téléphone ou votre ordinateur.',
    lang: 'fr',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: PAGE_BACKGROUND,
    categories: ['finance'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: [
      'assets/**/*.{js,css,woff2,woff}',
      'favicon.svg',
      'icons/*.png',
      file(INSTALLABLE_APP.offlinePage),
      'offline.js',
    ],
    globIgnores: [
      'assets/backoffice-*',
      '**/*.map',
      '**/*.br',
      '**/*.gz',
      'ssr/**',
      'prerendered/**',
      '.vite/**',
    ],
    // Hashed file names: the name is the revision.
    dontCacheBustURLsMatching: /^assets\//,
    navigateFallback: null,
    runtimeCaching: [
      {
        urlPattern: isSitePage,
        handler: 'NetworkOnly',
        options: { precacheFallback: { fallbackURL: INSTALLABLE_APP.offlinePage } },
      },
    ],
    cleanupOutdatedCaches: true,
    skipWaiting: false,
    // The first worker takes the open page at once (it only adds the offline page); later ones wait.
    clientsClaim: true,
    inlineWorkboxRuntime: true,
    sourcemap: false,
    disableDevLogs: true,
  },
};
