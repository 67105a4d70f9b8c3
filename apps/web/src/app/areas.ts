import { lazy } from 'react';

// Each area is its own chunk: the marketing pages never download customer or back-office code.
const marketing = () => import('../marketing/index.ts');
const auth = () => import('../auth/index.ts');
const onboarding = () => import('../onboarding/index.ts');
const customer = () => import('../customer/index.ts');
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

export const CustomerLayout = lazy(() => customer().then((m) => ({ default: m.CustomerLayout })));
export const CardPage = lazy(() => customer().then((m) => ({ default: m.CardPage })));
export const DirectDebitsPage = lazy(() => customer().then((m) => ({ default: m.DirectDebitsPage })));
export const DashboardPage = lazy(() => customer().then((m) => ({ default: m.DashboardPage })));
export const InactivityWatcher = lazy(() => customer().then((m) => ({ default: m.InactivityWatcher })));
export const OnlinePaymentsPage = lazy(() => customer().then((m) => ({ default: m.OnlinePaymentsPage })));
export const NotificationsPage = lazy(() => customer().then((m) => ({ default: m.NotificationsPage })));
export const ProfilePage = lazy(() => customer().then((m) => ({ default: m.ProfilePage })));
export const RibPage = lazy(() => customer().then((m) => ({ default: m.RibPage })));
export const SpacePage = lazy(() => customer().then((m) => ({ default: m.SpacePage })));
export const TransferFormPage = lazy(() => customer().then((m) => ({ default: m.TransferFormPage })));
export const VirementsPage = lazy(() => customer().then((m) => ({ default: m.VirementsPage })));

export const BackofficeArea = lazy(() => backoffice().then((m) => ({ default: m.BackofficeArea })));
