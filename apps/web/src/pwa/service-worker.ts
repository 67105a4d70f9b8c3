import { Workbox } from 'workbox-window';
import { INSTALLABLE_APP } from '@comptoir/contracts';
import { paths } from '../app/paths.ts';

/** How often an open app asks whether a new version has been deployed. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** If the new version has not taken over by then, the page reloads anyway (and asks again if it still waits). */
const TAKEOVER_MS = 4000;

/** Accepts the waiting version: it takes over, then the page reloads on it. */
export type ApplyUpdate = () => void;

const isBackoffice = (path: string) => {
  const lower = path.toLowerCase();
  const backoffice = paths.backoffice.toLowerCase();
  return lower === backoffice || lower.startsWith(`${backoffice}/`);
};

/**
 * Registers the service worker (sw.js, built by vite-plugin-pwa from src/pwa/pwa-options.ts) and
 * calls `onUpdate` when a new version is installed and waiting — at once if one was already waiting.
 * Nothing in development (Vite serves no worker), where the browser has no service workers, or in
 * the back office, which works without one. Returns a function that stops the update checks.
 */
export function registerServiceWorker(onUpdate: (apply: ApplyUpdate) => void): () => void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || isBackoffice(window.location.pathname))
    return () => {};

  const workbox = new Workbox(INSTALLABLE_APP.serviceWorker, { scope: '/' });
  let accepted = false;
  const apply: ApplyUpdate = () => {
    if (accepted) return;
    accepted = true;
    workbox.addEventListener('controlling', () => window.location.reload());
    workbox.messageSkipWaiting();
    window.setTimeout(() => window.location.reload(), TAKEOVER_MS);
  };
  workbox.addEventListener('waiting', () => onUpdate(apply));
  void workbox.register().catch(() => {
    // No worker (a private window, a browser setting): the app works the same, without the offline page.
  });
  const timer = window.setInterval(() => void workbox.update(), UPDATE_CHECK_MS);
  return () => window.clearInterval(timer);
}
