import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { afterIdle } from './after-idle.ts';

/**
 * A component in a chunk of its own that a screen fetches once it is shown, when the browser is
 * idle (`usePreload`): it stays out of the screen's first load, yet opens at once when asked for —
 * a copy mounted after the chunk arrived renders synchronously, one mounted before suspends.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (pending ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Preloadable(props: P) {
    // Chosen once per mount: switching from the lazy wrapper would remount (and reset) the component.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return { Component: Preloadable, preload };
}

/** False until a second after the calling screen is shown, once the browser is idle. */
export function useSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => afterIdle(() => setSettled(true)), []);
  return settled;
}

/**
 * `children` once the calling screen has been shown and the browser is idle (`useSettled`), under a
 * Suspense boundary of their own: what a screen needs but need not show at once (a watcher, a prompt)
 * stays out of its first load and first render, and a lazy child fetches its chunk then.
 */
export function WhenSettled({ children }: { children: ReactNode }) {
  return useSettled() ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** Fetches `preload`'s chunk once the calling screen has been shown and the browser is idle. */
export function usePreload(preload: () => Promise<unknown>): void {
  const settled = useSettled();
  useEffect(() => {
    if (settled) void preload().catch(() => undefined);
  }, [settled, preload]);
}
