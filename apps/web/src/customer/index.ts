import { lazy } from 'react';

// Each screen of the customer area is a chunk of its own, loaded when shown: the dashboard's first
// load carries the area's shell (CustomerLayout) and the dashboard only (docs/customer-area.md#performance).
export const CustomerLayout = lazy(() =>
  import('./CustomerLayout.tsx').then((m) => ({ default: m.CustomerLayout })),
);
export const DashboardPage = lazy(() =>
  import('./DashboardPage.tsx').then((m) => ({ default: m.DashboardPage })),
);
export const InactivityWatcher = lazy(() =>
  import('./InactivityWatcher.tsx').then((m) => ({ default: m.InactivityWatcher })),
);
export const CardPage = lazy(() => import('./card/CardPage.tsx').then((m) => ({ default: m.CardPage })));
export const OnlinePaymentsPage = lazy(() =>
  import('./card-authentications/OnlinePaymentsPage.tsx').then((m) => ({ default: m.OnlinePaymentsPage })),
);
export const DirectDebitsPage = lazy(() =>
  import('./direct-debits/DirectDebitsPage.tsx').then((m) => ({ default: m.DirectDebitsPage })),
);
export const ProfilePage = lazy(() => import('./ProfilePage.tsx').then((m) => ({ default: m.ProfilePage })));
export const NotificationsPage = lazy(() =>
  import('./notifications/NotificationsPage.tsx').then((m) => ({ default: m.NotificationsPage })),
);
export const RibPage = lazy(() => import('./RibPage.tsx').then((m) => ({ default: m.RibPage })));
export const VirementsPage = lazy(() =>
  import('./transfers/VirementsPage.tsx').then((m) => ({ default: m.VirementsPage })),
);
export const TransferFormPage = lazy(() =>
  import('./transfers/TransferFormPage.tsx').then((m) => ({ default: m.TransferFormPage })),
);
export const SpacePage = lazy(() => import('./spaces/SpacePage.tsx').then((m) => ({ default: m.SpacePage })));
