import './global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { DEVELOPMENT_INSTITUTION, readInstitutionIsland } from './institution.ts';
import { MarketingApp } from './MarketingApp.tsx';
import { loadPage } from './pages/registry.ts';
import { routeOrHome } from './routes.ts';

// Makes the pre-rendered page interactive (loaded by boot.ts once the page has painted). No
// Mantine, no router, no i18n runtime, nothing of the customer area or the back office. Until this
// runs, html:not(.js) styles open the menus on focus, so every link is reachable without it.
document.documentElement.classList.add('js');

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from marketing.html');

const app = (
  <StrictMode>
    <MarketingApp
      institution={readInstitutionIsland(document) ?? DEVELOPMENT_INSTITUTION}
      initialPath={window.location.pathname}
    />
  </StrictMode>
);

// The page's chunk is preloaded by the pre-rendered HTML; hydration waits for it so that the first
// client render matches the server's. Hydrating in a transition lets React yield to the browser
// every few milliseconds (no long task while the visitor reads or scrolls). The Vite dev server
// serves the bare template: render it.
void loadPage(routeOrHome(window.location.pathname).page).then(() => {
  if (root.firstElementChild) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
});
