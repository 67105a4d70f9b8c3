import { Route } from 'react-router';
import {
  CheckYourMailboxPage,
  IdCardPage,
  Inscription1Page,
  Inscription2Page,
  Inscription3Page,
  Inscription4Page,
  Inscription5Page,
  Inscription6Page,
  PassportPage,
  ProofOfAddressPage,
  SelfiePage,
  WaitForActivationPage,
} from '../areas.ts';
import { paths } from '../paths.ts';

/** The signed-out account-opening steps (docs/product/onboarding.md), inside the centred layout. Paths match without case. */
export const onboardingRoutes = (
  <>
    <Route path="/inscription1" element={<Inscription1Page />} />
    <Route path="/inscription2" element={<Inscription2Page />} />
    <Route path="/inscription3" element={<Inscription3Page />} />
    <Route path="/inscription4" element={<Inscription4Page />} />
    <Route path="/inscription5" element={<Inscription5Page />} />
    <Route path="/signidcard" element={<IdCardPage />} />
    <Route path="/signpassport" element={<PassportPage />} />
    <Route path="/addselfie" element={<SelfiePage />} />
    <Route path="/justificatifdomicile" element={<ProofOfAddressPage />} />
    <Route path="/inscription6" element={<Inscription6Page />} />
    <Route path={paths.checkMailbox} element={<CheckYourMailboxPage />} />
    <Route path={paths.waitForActivation} element={<WaitForActivationPage />} />
  </>
);
