import { INSTALLABLE_APP } from '@comptoir/contracts';
import { paths } from '../app/paths.ts';
import { afterLoadIdle } from '../ui/after-idle.ts';

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
 * the back office, which works without one. The registration (and workbox-window, fetched then)
 * waits for the page's load, a second and an idle moment. Returns a function that stops it and the update checks.
 */
export function registerServiceWorker(onUpdate: (apply: ApplyUpdate) => void): () => void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || isBackoffice(window.location.pathname))
    return () => {};

  let stopped = false;
  let timer: number | undefined;
  const register = async () => {
    const { Workbox } = await import('workbox-window');
    if (stopped) return;
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
    await workbox.register();
    timer = window.setInterval(() => void workbox.update(), UPDATE_CHECK_MS);
  };
  const cancel = afterLoadIdle(() => {
    // No worker (a private window, a browser setting, the library not fetched): the app works the
    // same, without the offline page.
    register().catch(() => undefined);
  });
  return () => {
    stopped = true;
    cancel();
    if (timer !== undefined) window.clearInterval(timer);
  };
}
