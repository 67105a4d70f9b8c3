/** How long after its start the deferred work waits before asking for an idle moment. */
const DELAY_MS = 1000;

/** However busy the page stays, the deferred work runs by then after the delay. */
const IDLE_TIMEOUT_MS = 3000;

/**
 * Runs `run` a second from now, then at the browser's next idle moment (at once where the browser
 * has no `requestIdleCallback`): what a screen fetches for later never delays the screen's own
 * requests. Returns a function that cancels it.
 */
export function afterIdle(run: () => void): () => void {
  let idle: number | undefined;
  const delay = window.setTimeout(() => {
    if (typeof requestIdleCallback === 'function')
      idle = requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    else run();
  }, DELAY_MS);
  return () => {
    window.clearTimeout(delay);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}

/** `afterIdle`, counted from the page's load event (at once if the page has loaded). */
export function afterLoadIdle(run: () => void): () => void {
  let cancel = () => {};
  const start = () => {
    cancel = afterIdle(run);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  return () => {
    window.removeEventListener('load', start);
    cancel();
  };
}
