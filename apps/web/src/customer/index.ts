export { CardPage } from './card/CardPage.tsx';
export { CustomerLayout } from './CustomerLayout.tsx';
export { DashboardPage } from './DashboardPage.tsx';
export { ProfilePage } from './ProfilePage.tsx';
export { RibPage } from './RibPage.tsx';
export { InactivityWatcher } from './InactivityWatcher.tsx';
export { VirementsPage } from './transfers/VirementsPage.tsx';
export { TransferFormPage } from './transfers/index.ts';
