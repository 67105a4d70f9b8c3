import { Navigate, Route, Routes } from 'react-router';
import { CenteredLayout } from '../../ui/CenteredLayout.tsx';
import { CheckYourMailboxPage, WaitForActivationPage } from '../areas.ts';
import { paths } from '../paths.ts';
import { backofficeRoute } from './backoffice-route.tsx';

/** E-mail not verified yet: only /check-your-mailbox. */
export function PendingEmailRoutes() {
  return (
    <Routes>
      {backofficeRoute}
      <Route element={<CenteredLayout />}>
        <Route path={paths.checkMailbox} element={<CheckYourMailboxPage />} />
      </Route>
      <Route path="*" element={<Navigate to={paths.checkMailbox} replace />} />
    </Routes>
  );
}

/** Application not approved (yet): only /wait-for-activation. */
export function AwaitingReviewRoutes() {
  return (
    <Routes>
      {backofficeRoute}
      <Route element={<CenteredLayout />}>
        <Route path={paths.waitForActivation} element={<WaitForActivationPage />} />
      </Route>
      <Route path="*" element={<Navigate to={paths.waitForActivation} replace />} />
    </Routes>
  );
}
