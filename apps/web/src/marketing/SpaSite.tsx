import { lazy, Suspense, useEffect, useMemo, useRef, type ReactElement } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { institution } from '../app/institution.ts';
import { DEVELOPMENT_INSTITUTION } from './institution.ts';
import { applyMeta, pageMeta } from './meta.ts';
import { loadPage } from './pages/registry.ts';
import { MARKETING_ROUTES, routeOrHome, type PageKey } from './routes.ts';
import { SiteProvider, type Navigation } from './site-context.tsx';
import { SiteChrome } from './Site.tsx';

/** Each page as one element of its lazy component, made once (a component is never made during a render). */
const LAZY = new Map<PageKey, ReactElement>(
  MARKETING_ROUTES.map(({ page }) => {
    const Page = lazy(() => loadPage(page).then((component) => ({ default: component })));
    return [page, <Page key={page} />];
  }),
);

/**
 * The marketing pages inside the app: for a visitor whose session cookie has expired (the server
 * then serves the app, which finds no session) or who clicks from /connexion back to the home page.
 * The same components as the pre-rendered site, with the app's router for navigation.
 */
export function MarketingLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const profile = institution ?? DEVELOPMENT_INSTITUTION;
  const route = routeOrHome(pathname);
  const first = useRef(true);

  useEffect(() => {
    applyMeta(document, route.path, pageMeta(route.page, profile));
    if (first.current) first.current = false;
    else document.getElementById('titre')?.focus({ preventScroll: true });
  }, [route.path, route.page, profile]);

  const navigation = useMemo<Navigation>(
    () => ({
      path: route.path,
      handles: (to) => to.startsWith('/') && !to.startsWith('//'),
      navigate: (to) => void navigate(to),
    }),
    [route.path, navigate],
  );

  return (
    <SiteProvider value={{ institution: profile, navigation }}>
      <SiteChrome>
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </SiteChrome>
    </SiteProvider>
  );
}

export function MarketingPage({ page }: { page: PageKey }) {
  return LAZY.get(page) ?? null;
}

export function HomePage() {
  return <MarketingPage page="home" />;
}
