import { lazy } from 'react';

// Each area is its own chunk: the marketing pages never download customer or back-office code.
const marketing = () => import('../marketing/index.ts');
const auth = () => import('../auth/index.ts');
const onboarding = () => import('../onboarding/index.ts');
const backoffice = () => import('../backoffice/index.ts');

export const MarketingLayout = lazy(() => marketing().then((m) => ({ default: m.MarketingLayout })));
export const HomePage = lazy(() => marketing().then((m) => ({ default: m.HomePage })));
export const InAppMarketingPage = lazy(() => marketing().then((m) => ({ default: m.InAppMarketingPage })));

export const LoginPage = lazy(() => auth().then((m) => ({ default: m.LoginPage })));
export const RecoverPasswordPage = lazy(() => auth().then((m) => ({ default: m.RecoverPasswordPage })));
export const ChangePasswordPage = lazy(() => auth().then((m) => ({ default: m.ChangePasswordPage })));
export const UpdateUserPage = lazy(() => auth().then((m) => ({ default: m.UpdateUserPage })));

export const CheckYourMailboxPage = lazy(() =>
  onboarding().then((m) => ({ default: m.CheckYourMailboxPage })),
);
export const WaitForActivationPage = lazy(() =>
  onboarding().then((m) => ({ default: m.WaitForActivationPage })),
);
export const Inscription1Page = lazy(() => onboarding().then((m) => ({ default: m.Inscription1Page })));
export const Inscription2Page = lazy(() => onboarding().then((m) => ({ default: m.Inscription2Page })));
export const Inscription3Page = lazy(() => onboarding().then((m) => ({ default: m.Inscription3Page })));
export const Inscription4Page = lazy(() => onboarding().then((m) => ({ default: m.Inscription4Page })));
export const Inscription5Page = lazy(() => onboarding().then((m) => ({ default: m.Inscription5Page })));
export const Inscription6Page = lazy(() => onboarding().then((m) => ({ default: m.Inscription6Page })));
export const IdCardPage = lazy(() => onboarding().then((m) => ({ default: m.IdCardPage })));
export const PassportPage = lazy(() => onboarding().then((m) => ({ default: m.PassportPage })));
export const SelfiePage = lazy(() => onboarding().then((m) => ({ default: m.SelfiePage })));
export const ProofOfAddressPage = lazy(() => onboarding().then((m) => ({ default: m.ProofOfAddressPage })));

// The customer area: each of its screens is a lazy chunk of its own (see customer/index.ts).
export {
  CardPage,
  CustomerLayout,
  DashboardPage,
  DirectDebitsPage,
  InactivityWatcher,
  NotificationsPage,
  OnlinePaymentsPage,
  prefetchDashboard,
  preloadCustomerShell,
  ProfilePage,
  Psd2AuthorisationPage,
  RibPage,
  SpacePage,
  TransferFormPage,
  VirementsPage,
} from '../customer/index.ts';

export const BackofficeArea = lazy(() => backoffice().then((m) => ({ default: m.BackofficeArea })));
