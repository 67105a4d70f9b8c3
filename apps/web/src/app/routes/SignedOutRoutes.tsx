import { Navigate, Route, Routes } from 'react-router';
import { CenteredLayout } from '../../ui/CenteredLayout.tsx';
import { ChangePasswordPage, LoginPage, RecoverPasswordPage, UpdateUserPage } from '../areas.ts';
import { paths } from '../paths.ts';
import { backofficeRoute } from './backoffice-route.tsx';
import { marketingRoutes } from './marketing-routes.tsx';
import { onboardingRoutes } from './onboarding-routes.tsx';
import { SignInFirst } from './SignInRedirects.tsx';

export function SignedOutRoutes() {
  return (
    <Routes>
      {backofficeRoute}
      {marketingRoutes}
      <Route element={<CenteredLayout />}>
        <Route path={paths.login} element={<LoginPage />} />
        <Route path={paths.recoverPassword} element={<RecoverPasswordPage />} />
        <Route path={paths.changePassword} element={<ChangePasswordPage />} />
        <Route path={paths.updateUser} element={<UpdateUserPage />} />
        {onboardingRoutes}
      </Route>
      {/* A third party's request (PSD2): answered once signed in. */}
      <Route path={paths.psd2Authorisation} element={<SignInFirst />} />
      <Route path="*" element={<Navigate to={paths.home} replace />} />
    </Routes>
  );
}
