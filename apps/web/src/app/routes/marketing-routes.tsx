import { lazy } from 'react';
import { Route } from 'react-router';
import { MarketingLayout } from '../areas.ts';
import { MARKETING_ROUTES } from '../../marketing/routes.ts';

// Same chunk as areas.ts's MarketingLayout: the marketing area, loaded only when shown.
const MarketingPage = lazy(() =>
  import('../../marketing/index.ts').then((m) => ({ default: m.MarketingPage })),
);

/**
 * The signed-out marketing pages (docs/product/marketing-site.md) inside the app. Visitors without a session cookie get the
 * pre-rendered pages from the server; the app shows the same components when it is already running
 * (sign-out, a click from /connexion to the home page, an expired session).
 */
export const marketingRoutes = (
  <Route element={<MarketingLayout />}>
    {MARKETING_ROUTES.map(({ path, page }) =>
      path === '/' ? (
        <Route key={path} index element={<MarketingPage page={page} />} />
      ) : (
        <Route key={path} path={path} element={<MarketingPage page={page} />} />
      ),
    )}
  </Route>
);
