import { Navigate, Route, Routes } from 'react-router';
import { CenteredLayout } from '../../ui/CenteredLayout.tsx';
import {
  CardPage,
  ChangePasswordPage,
  CustomerLayout,
  DashboardPage,
  DirectDebitsPage,
  InactivityWatcher,
  InAppMarketingPage,
  NotificationsPage,
  OnlinePaymentsPage,
  ProfilePage,
  Psd2AuthorisationPage,
  RecoverPasswordPage,
  RibPage,
  SpacePage,
  TransferFormPage,
  UpdateUserPage,
  VirementsPage,
} from '../areas.ts';
import { paths } from '../paths.ts';
import { WhenSettled } from '../../ui/preloadable.tsx';
import { backofficeRoute } from './backoffice-route.tsx';
import { BackAfterSignIn } from './SignInRedirects.tsx';

/** Account open: the customer area; `/` and any unknown path are the dashboard. */
export function ActiveRoutes() {
  return (
    <>
      {/* Started once the first screen is shown: the server ends an idle session in any case. */}
      <WhenSettled>
        <InactivityWatcher />
      </WhenSettled>
      <Routes>
        {backofficeRoute}
        <Route element={<CustomerLayout />}>
          <Route index element={<DashboardPage />} />
          <Route path={paths.card} element={<CardPage />} />
          <Route path={paths.onlinePayments} element={<OnlinePaymentsPage />} />
          <Route path={paths.transfers} element={<VirementsPage />} />
          <Route path={paths.instantTransfer} element={<TransferFormPage type="instant" />} />
          <Route path={paths.oneOffTransfer} element={<TransferFormPage type="standard" />} />
          <Route path={paths.directDebits} element={<DirectDebitsPage />} />
          <Route path={paths.rib} element={<RibPage />} />
          <Route path={paths.space} element={<SpacePage />} />
          <Route path={paths.profile} element={<ProfilePage />} />
          <Route path={paths.notifications} element={<NotificationsPage />} />
          <Route path={paths.updateUser} element={<UpdateUserPage />} />
          {/* The conditions of use: the public page's content, in the customer's own area. */}
          <Route path={paths.privacy} element={<InAppMarketingPage page="privacy" />} />
        </Route>
        <Route element={<CenteredLayout />}>
          <Route path={paths.recoverPassword} element={<RecoverPasswordPage />} />
          <Route path={paths.changePassword} element={<ChangePasswordPage />} />
          {/* A third party's request (PSD2): a page of its own, away from the area's navigation. */}
          <Route path={paths.psd2Authorisation} element={<Psd2AuthorisationPage />} />
        </Route>
        <Route path={paths.login} element={<BackAfterSignIn />} />
        <Route path="*" element={<Navigate to={paths.home} replace />} />
      </Routes>
    </>
  );
}
