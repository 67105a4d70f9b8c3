import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { institution } from '../app/institution.ts';
import { DEVELOPMENT_INSTITUTION } from './institution.ts';
import { pageMeta } from './meta.ts';
import type { PageKey } from './routes.ts';
import { SiteProvider, type Navigation } from './site-context.tsx';
import { MarketingPage } from './SpaSite.tsx';
import s from './site.module.css';

/**
 * A public page read by a signed-in customer (the conditions of use): inside the customer area,
 * with its header and menu — not the public site's, which would offer « Connexion » as if signed out.
 */
export function InAppMarketingPage({ page }: { page: PageKey }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const profile = institution ?? DEVELOPMENT_INSTITUTION;

  useEffect(() => {
    document.title = pageMeta(page, profile).title;
  }, [page, profile]);

  const navigation = useMemo<Navigation>(
    () => ({
      path: pathname,
      handles: (to) => to.startsWith('/') && !to.startsWith('//'),
      navigate: (to) => void navigate(to),
    }),
    [pathname, navigate],
  );

  return (
    <SiteProvider value={{ institution: profile, navigation, signedIn: true }}>
      <div className={`${s.site} ${s.embedded}`}>
        <MarketingPage page={page} />
      </div>
    </SiteProvider>
  );
}
