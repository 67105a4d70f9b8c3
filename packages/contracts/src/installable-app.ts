/**
 * The installable app's files, which the web build writes and the server serves with their own
 * headers (apps/web/pwa.config.ts, apps/server/src/http/installable-app.ts).
 */
export const INSTALLABLE_APP = {
  /** The service worker: at the root, so that its scope is the whole site. */
  serviceWorker: '/sw.js',
  manifest: '/manifest.webmanifest',
  /** Shown by the service worker in place of a page that cannot be loaded. */
  offlinePage: '/offline.html',
  /**
   * Written in the built service worker where the back office's path goes; the server puts the
   * configured `BACKOFFICE_PATH` there when it serves the file, so the worker leaves the back office
   * alone whatever its path.
   */
  backofficePlaceholder: '/__comptoir-backoffice-path__',
} as const;
