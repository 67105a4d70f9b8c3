import { lazy } from 'react';

// Each screen of the customer area is a chunk of its own, loaded when shown: the dashboard's first
// load carries the area's shell (CustomerLayout) and the dashboard only (docs/customer-area.md#performance);
// the inactivity watcher comes once the screen is shown (ActiveRoutes).
const loadLayout = () => import('./CustomerLayout.tsx');
const loadDashboard = () => import('./DashboardPage.tsx');

export const CustomerLayout = lazy(() => loadLayout().then((m) => ({ default: m.CustomerLayout })));
export const DashboardPage = lazy(() => loadDashboard().then((m) => ({ default: m.DashboardPage })));
export const InactivityWatcher = lazy(() =>
  import('./InactivityWatcher.tsx').then((m) => ({ default: m.InactivityWatcher })),
);

/**
 * The area's shell and « Accueil », fetched together as soon as the session is known to be open:
 * React meets them one inside the other and, each suspending in turn, would fetch them one after
 * the other. Each is asked for in a task of its own: asking adds a preload link per module chunk it
 * needs, which in one task would hold the page for a while. (The build puts both, with what they
 * import, in the chunk the entry loads — vite.config.ts — so today both are there at once; this
 * keeps the shell from waiting on « Accueil » should that change.)
 */
export function preloadCustomerShell(): void {
  for (const load of [loadLayout, loadDashboard])
    window.setTimeout(() => void load().catch(() => undefined), 0);
}

export { prefetchDashboard } from './prefetch-dashboard.ts';

/** A screen whose copy is not bundled with the app's (screen-copy.ts): both fetched together. */
const withScreenCopy = <M>(load: Promise<M>): Promise<M> =>
  Promise.all([import('./screen-copy.ts'), load]).then(([, module]) => module);

export const CardPage = lazy(() =>
  withScreenCopy(import('./card/CardPage.tsx')).then((m) => ({ default: m.CardPage })),
);
export const OnlinePaymentsPage = lazy(() =>
  import('./card-authentications/OnlinePaymentsPage.tsx').then((m) => ({ default: m.OnlinePaymentsPage })),
);
export const DirectDebitsPage = lazy(() =>
  withScreenCopy(import('./direct-debits/DirectDebitsPage.tsx')).then((m) => ({
    default: m.DirectDebitsPage,
  })),
);
export const ProfilePage = lazy(() =>
  withScreenCopy(import('./ProfilePage.tsx')).then((m) => ({ default: m.ProfilePage })),
);
export const NotificationsPage = lazy(() =>
  import('./notifications/NotificationsPage.tsx').then((m) => ({ default: m.NotificationsPage })),
);
export const RibPage = lazy(() => import('./RibPage.tsx').then((m) => ({ default: m.RibPage })));
export const VirementsPage = lazy(() =>
  withScreenCopy(import('./transfers/VirementsPage.tsx')).then((m) => ({ default: m.VirementsPage })),
);
export const TransferFormPage = lazy(() =>
  withScreenCopy(import('./transfers/TransferFormPage.tsx')).then((m) => ({ default: m.TransferFormPage })),
);
export const SpacePage = lazy(() => import('./spaces/SpacePage.tsx').then((m) => ({ default: m.SpacePage })));
export const Psd2AuthorisationPage = lazy(() =>
  import('./psd2/Psd2AuthorisationPage.tsx').then((m) => ({ default: m.Psd2AuthorisationPage })),
);
