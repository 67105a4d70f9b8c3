import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { PublicInstitution } from '@comptoir/contracts';
import { applyMeta, pageMeta } from './meta.ts';
import { marketingRoute, routeOrHome } from './routes.ts';
import { SiteProvider, type Navigation } from './site-context.tsx';
import { loadedPage, loadPage } from './pages/registry.ts';
import { SiteChrome } from './Site.tsx';

interface MarketingAppProps {
  institution: PublicInstitution;
  /** The requested path: unknown paths show home, any case shows the page (docs/product/paths.md#signed-out). Its page must be loaded (`loadPage`). */
  initialPath: string;
}

const pathnameOf = (to: string): string | null => {
  if (!to.startsWith('/') || to.startsWith('//')) return null;
  return new URL(to, 'http://comptoir.invalid').pathname;
};

/**
 * The public site on its own (the pre-rendered pages and their hydration): moves between marketing
 * pages with the History API, and leaves every other link (/inscription1, /connexion…) to the
 * browser, which loads the app.
 */
export function MarketingApp({ institution, initialPath }: MarketingAppProps) {
  const [path, setPath] = useState(() => routeOrHome(initialPath).path);
  const route = routeOrHome(path);
  const page = loadedPage(route.page);
  const navigated = useRef(false);

  // The address bar shows the canonical path: /FAQ → /faq, an unknown path → / (which it shows).
  useEffect(() => {
    if (window.location.pathname !== path) {
      window.history.replaceState(
        window.history.state,
        '',
        `${path}${window.location.search}${window.location.hash}`,
      );
    }
    const onPopState = () => {
      const target = routeOrHome(window.location.pathname);
      void loadPage(target.page).then(
        () => {
          navigated.current = true;
          setPath(target.path);
        },
        () => window.location.reload(),
      );
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
    // Once, after the first render: later paths come from navigate() and popstate.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- mount only: `path` changes are pushed by navigate()
  }, []);

  // Every page starts at the top (docs/product/paths.md), says what it is, and takes the focus to its title.
  useLayoutEffect(() => {
    if (!navigated.current) return;
    const target = window.location.hash
      ? document.getElementById(decodeURIComponent(window.location.hash.slice(1)))
      : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
    applyMeta(document, path, pageMeta(route.page, institution));
    document.getElementById('titre')?.focus({ preventScroll: true });
  }, [path, route.page, institution]);

  const navigate = useCallback(
    (to: string) => {
      const pathname = pathnameOf(to);
      const target = pathname === null ? null : marketingRoute(pathname);
      if (!target) {
        window.location.assign(to);
        return;
      }
      const url = new URL(to, window.location.href);
      if (target.path === path) {
        // Same page: still back to the top (or to the anchor).
        window.history.pushState(null, '', `${target.path}${url.search}${url.hash}`);
        const anchor = url.hash ? document.getElementById(decodeURIComponent(url.hash.slice(1))) : null;
        if (anchor) anchor.scrollIntoView();
        else window.scrollTo(0, 0);
        return;
      }
      // The current page stays until the next one's code is there; if it cannot load, the
      // browser loads the pre-rendered page instead.
      loadPage(target.page).then(
        () => {
          window.history.pushState(null, '', `${target.path}${url.search}${url.hash}`);
          navigated.current = true;
          setPath(target.path);
        },
        () => window.location.assign(to),
      );
    },
    [path],
  );

  const navigation = useMemo<Navigation>(
    () => ({
      path,
      handles: (to) => {
        const pathname = pathnameOf(to);
        return pathname !== null && marketingRoute(pathname) !== null;
      },
      navigate,
    }),
    [path, navigate],
  );

  return (
    <SiteProvider value={{ institution, navigation }}>
      <SiteChrome>{page ?? null}</SiteChrome>
    </SiteProvider>
  );
}
